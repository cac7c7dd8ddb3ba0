import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Skeleton, SuccessNotice } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { useContractForm } from '@/features/auth';
import { isApiFailure } from '@/lib/call-api';
import { useChangeEmail } from '../api/account-settings';
import styles from './account-settings.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadChangeEmailBody = () => import('../model/account-schemas').then((m) => m.changeEmailBody);

const labels = { newEmail: 'New email', password: 'Your password' };

interface ChangeEmailFormProps {
  /** null while the account's details load. */
  email: string | null;
  pending: { email: string; expiresAt: number } | null;
}

const until = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Nothing changes until the link mailed to the new address is opened; the current address is told. */
export function ChangeEmailForm({ email, pending }: ChangeEmailFormProps) {
  const form = useContractForm(loadChangeEmailBody, labels);
  const change = useChangeEmail();
  const [alert, setAlert] = useState('');
  const [key, setKey] = useState(0);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    setAlert('');
    try {
      await change.mutateAsync(body);
      setKey((k) => k + 1);
    } catch (error) {
      setAlert(isApiFailure(error) ? form.showFailure({ status: false, msg: error.message, code: error.code, fields: error.fields }) : 'We could not reach the shop. Check your connection and try again.');
    }
  }

  return (
    <>
      {email === null ? (
        <p className={styles.current} role="status">
          <span className="sr-only">Loading your email</span>
          <Skeleton width="60%" height="1.5em" />
        </p>
      ) : (
        <p className={styles.current}>
          Your email is <strong>{email}</strong>.
        </p>
      )}
      {pending && email !== null && (
        <SuccessNotice
          message={`We sent a link to ${pending.email}. Open it before ${until(pending.expiresAt)} to start using that address; until then your email stays ${email}.`}
        />
      )}
      <form key={key} ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change email">
        <ErrorNotice message={alert} />
        <Field label={labels.newEmail} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.field('newEmail')} />
        <PasswordField label={labels.password} autoComplete="current-password" hint="To make sure it is you." {...form.field('password')} />
        <div>
          <Button type="submit" variant="secondary" disabled={change.isPending}>
            {change.isPending ? 'Sending the link…' : 'Send a confirmation link'}
          </Button>
        </div>
      </form>
    </>
  );
}
