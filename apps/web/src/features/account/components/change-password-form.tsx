import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, SuccessNotice } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { PasswordStrengthHint, useContractForm } from '@/features/auth';
import { isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { useChangePassword } from '../api/account-settings';
import styles from './account-settings.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadChangePasswordBody = () => import('../model/account-schemas').then((m) => m.changePasswordBody);

const labels = { currentPassword: 'Current password', newPassword: 'New password' };

/** Asks for the current password, then a new one held to the same policy as sign-up. */
export function ChangePasswordForm() {
  const form = useContractForm(loadChangePasswordBody, labels);
  const change = useChangePassword();
  const user = useSessionStore((s) => s.user);
  const [alert, setAlert] = useState('');
  const [done, setDone] = useState('');
  const [key, setKey] = useState(0);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    const body = await form.validate();
    if (!body) return;
    setAlert('');
    try {
      const { msg } = await change.mutateAsync(body);
      setDone(msg);
      // Empty fields for whatever comes next (and no password left in the page).
      setKey((k) => k + 1);
    } catch (error) {
      setAlert(isApiFailure(error) ? form.showFailure({ status: false, msg: error.message, code: error.code, fields: error.fields }) : 'We could not reach the shop. Check your connection and try again.');
    }
  }

  return (
    <>
      <SuccessNotice message={done} />
      <form key={key} ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password">
        <ErrorNotice message={alert} />
        <PasswordField label={labels.currentPassword} autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField
          label={labels.newPassword}
          autoComplete="new-password"
          hint={<PasswordStrengthHint password={form.values.newPassword} userName={user?.userName ?? ''} email={user?.email ?? ''} />}
          {...form.field('newPassword')}
        />
        <p className={styles.fine}>Changing it signs you out on every other device. This one stays signed in.</p>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </>
  );
}
