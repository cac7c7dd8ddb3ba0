import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { checkField, checkForm, splitFailure, type FieldErrors, type Labels, type ObjectSchema } from './contract-form';
import type { Fail } from '@parmeta/contracts';
import { CHECK_NOT_LOADED } from '@/lib/lazy-module';

/**
 * The form's schema, or a module-level function that loads it: a page then loads zod and its
 * contract's schemas when a field is first focused, not before its first paint (a phone takes
 * 100-300 ms to build them; docs/decisions/0074).
 */
export type SchemaSource<K extends string, T> = ObjectSchema<K, T> | (() => Promise<ObjectSchema<K, T>>);

/**
 * Form state validated by a contract schema, the one the server validates with: a field is
 * checked when the user leaves it (once it has been typed in), again on every change while
 * it shows an error, and the whole form on submit, which focuses the first field to fix.
 */
export function useContractForm<K extends string, T>(source: SchemaSource<K, T>, labels: Labels<K>, initial: Partial<Record<K, string>> = {}) {
  const names = Object.keys(labels) as K[];
  const [schema, setSchema] = useState<ObjectSchema<K, T> | null>(() => (typeof source === 'function' ? null : source));
  const loadSchema = useCallback(async (): Promise<ObjectSchema<K, T>> => {
    if (typeof source !== 'function') return source;
    const loaded = await source();
    setSchema(loaded);
    return loaded;
  }, [source]);
  /** Starts loading the schema as a field is focused, so it is there by the first check. */
  const warm = () => {
    if (!schema) void loadSchema().catch(() => undefined);
  };
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, initial[n] ?? ''])) as Record<K, string>);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const touched = useRef(new Set<K>());
  const formRef = useRef<HTMLFormElement>(null);

  /** Sets a value the user has not typed in yet (e.g. the email a verification link confirmed). */
  const suggest = useCallback((name: K, value: string) => {
    if (!touched.current.has(name)) setValues((v) => ({ ...v, [name]: value }));
  }, []);

  const setError = (name: K, message: string | undefined) => setErrors((e) => (e[name] === message ? e : { ...e, [name]: message }));

  const focusFirst = (failing: FieldErrors<K>) => {
    const first = names.find((n) => failing[n]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  /** Props for Field / PasswordField. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      touched.current.add(name);
      setValues((v) => ({ ...v, [name]: value }));
      // A field shows an error only after a check, so the schema is there.
      if (errors[name] && schema) setError(name, checkField(schema, labels, name, value));
    },
    onFocus: warm,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (!touched.current.has(name)) return;
      const { value } = event.target;
      if (schema) setError(name, checkField(schema, labels, name, value));
      else void loadSchema().then((loaded) => setError(name, checkField(loaded, labels, name, value)), () => undefined);
    },
  });

  return {
    formRef,
    values,
    field,
    suggest,
    /**
     * On submit: the parsed body to send, or null after marking the fields to fix (or the first
     * field, when the schema could not be loaded).
     */
    async validate(): Promise<T | null> {
      let checking: ObjectSchema<K, T>;
      try {
        checking = schema ?? (await loadSchema());
      } catch {
        const failing = { [names[0] as K]: CHECK_NOT_LOADED } as FieldErrors<K>;
        setErrors(failing);
        focusFirst(failing);
        return null;
      }
      const result = checkForm(checking, labels, values);
      if (result.ok) {
        setErrors({});
        return result.data;
      }
      setErrors(result.errors);
      focusFirst(result.errors);
      return null;
    },
    /** Puts a refused call's field messages under the fields; answers the alert text. */
    showFailure(fail: Fail): string {
      const { alert, fields } = splitFailure(fail, labels);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirst(fields);
      }
      return alert;
    },
  };
}
