import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field } from '@/components/ui';
import { rangeProblems, type DayRange } from '../model/finance';
import styles from './finance.module.css';

interface RangeFormProps {
  label: string;
  value: DayRange;
  submitLabel: string;
  busy?: boolean;
  /** Field messages from the server, by field. */
  serverErrors?: Partial<Record<keyof DayRange, string>> | undefined;
  onSubmit(range: DayRange): void;
  children?: ReactNode;
}

/** First and last day (UTC), both included, checked as the API checks them before anything is sent. */
export function RangeForm({ label, value, submitLabel, busy = false, serverErrors, onSubmit, children }: RangeFormProps) {
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<Partial<Record<keyof DayRange, string>>>({});
  const shown = { ...serverErrors, ...errors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = rangeProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      const first = (event.currentTarget as HTMLFormElement).elements.namedItem(problems.from ? 'from' : 'to');
      (first as HTMLInputElement | null)?.focus();
      return;
    }
    onSubmit(draft);
  };
  const change = (field: keyof DayRange) => (e: { target: { value: string } }) => {
    setErrors({});
    setDraft({ ...draft, [field]: e.target.value });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={label} noValidate>
      <Field label="First day (UTC)" name="from" type="date" value={draft.from} max={draft.to || undefined} error={shown.from} onChange={change('from')} />
      <Field label="Last day (UTC)" name="to" type="date" value={draft.to} min={draft.from || undefined} error={shown.to} onChange={change('to')} />
      <div className={styles.buttons}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
