import type { Balances } from '@parmeta/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { failureMessage, isApiFailure } from '@/lib/call-api';
import { serverFieldErrors, type FieldErrors } from './form';
import type { Review } from './review';

/** Where a money action stands: being filled in, being reviewed, on its way, or done with the new balances. */
export type Phase<T> =
  | { step: 'edit' }
  | { step: 'review' | 'sending'; data: T; review: Review }
  | { step: 'done'; msg: string; balances: Balances | null };

type Checked<T, K extends string> = { ok: true; data: T; review: Review } | { ok: false; errors: FieldErrors<K> } | null;

/**
 * One money-moving action in three steps: fill in (checked in the browser with the contract
 * schema, then against the balance), review ("You move 25.00 par to meta; par after: 735.00")
 * and send only on Confirm, then the result with the new balances. Field errors go back to the
 * form with the first one focused; any other refusal stays on the review, so the same
 * submission can be confirmed again (same values, same Idempotency-Key).
 */
export function useMoneyAction<K extends string, T>(labels: Record<K, string>) {
  const names = Object.keys(labels) as K[];
  const blank = () => Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase<T>>({ step: 'edit' });
  const formRef = useRef<HTMLFormElement>(null);

  const focusField = (name: K | undefined) => {
    const element = name ? formRef.current?.elements.namedItem(name) : null;
    if (element instanceof HTMLElement) element.focus();
  };
  const mark = (failing: FieldErrors<K>) => {
    setErrors(failing);
    // After the form has rendered again (coming back from the review).
    requestAnimationFrame(() => focusField(names.find((n) => failing[n])));
  };
  const set = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  return {
    formRef,
    values,
    errors,
    failure,
    phase,
    busy: phase.step === 'sending',
    set,
    /** Props for a Field. */
    field: (name: K) => ({ name, value: values[name], error: errors[name], onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value) }),
    /** Checks what was typed; valid, it goes to the review. `check` may answer null when it marked problems of its own (a card). */
    review(check: () => Checked<T, K>) {
      setFailure(null);
      const checked = check();
      if (!checked) return;
      if (!checked.ok) return mark(checked.errors);
      setErrors({});
      setPhase({ step: 'review', data: checked.data, review: checked.review });
    },
    /** Back from the review to the form, values kept. */
    edit() {
      setFailure(null);
      setPhase({ step: 'edit' });
    },
    /** Sends the reviewed action. */
    async confirm(send: (data: T) => Promise<{ msg: string; data: unknown }>) {
      if (phase.step !== 'review') return;
      setFailure(null);
      setPhase({ ...phase, step: 'sending' });
      try {
        const { msg, data } = await send(phase.data);
        const balances = (data as { balances?: Balances } | null)?.balances ?? null;
        setValues(blank());
        setPhase({ step: 'done', msg, balances });
      } catch (error) {
        const fields = isApiFailure(error) ? serverFieldErrors(error.fields, labels) : {};
        setFailure(failureMessage(error, { fieldsHint: false }));
        if (Object.keys(fields).length > 0) {
          setPhase({ step: 'edit' });
          mark(fields);
        } else {
          setPhase({ ...phase, step: 'review' });
        }
      }
    },
    /** After a result: the form again, empty. */
    again() {
      setFailure(null);
      setValues(blank());
      setPhase({ step: 'edit' });
    },
  };
}

export type MoneyAction<K extends string, T> = ReturnType<typeof useMoneyAction<K, T>>;
