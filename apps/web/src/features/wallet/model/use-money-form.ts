import { useRef, useState, type ChangeEvent } from 'react';
import { isApiFailure, failureMessage } from '@/lib/call-api';
import { serverFieldErrors, type FieldErrors } from './form';

type Check<T, K extends string> = () => { ok: true; data: T } | { ok: false; errors: FieldErrors<K> } | null;

/**
 * The state every wallet form shares: typed values, field errors (the browser's check with
 * the contract schema, then the server's), the server's message in plain words, and a
 * busy flag while the request runs. The first field to fix gets the focus.
 */
export function useMoneyForm<K extends string>(labels: Record<K, string>) {
  const names = Object.keys(labels) as K[];
  const blank = () => Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const mark = (failing: FieldErrors<K>) => {
    setErrors(failing);
    const first = names.find((n) => failing[n]);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const set = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  return {
    formRef,
    values,
    errors,
    notice,
    busy,
    set,
    /** Props for a Field. */
    field: (name: K) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
    }),
    /**
     * Checks, sends, and reports: the server's message on success (the form is then
     * cleared), its field messages under the fields and its message in the alert on failure.
     * `check` may answer null when it has marked problems of its own (e.g. a card).
     */
    async submit<T>(check: Check<T, K>, send: (data: T) => Promise<{ msg: string }>, onDone?: () => void) {
      if (busy) return;
      setNotice(null);
      const checked = check();
      if (!checked) return;
      if (!checked.ok) {
        mark(checked.errors);
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        const { msg } = await send(checked.data);
        setValues(blank());
        setNotice({ ok: true, text: msg });
        onDone?.();
      } catch (error) {
        if (isApiFailure(error)) {
          const fields = serverFieldErrors(error.fields, labels);
          if (Object.keys(fields).length > 0) mark(fields);
        }
        setNotice({ ok: false, text: failureMessage(error, { fieldsHint: false }) });
      } finally {
        setBusy(false);
      }
    },
  };
}
