import type { AccountStatus } from '@parmeta/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, ErrorNotice } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useDeleteAccount } from '../api/account-settings';
import styles from './account-settings.module.css';

/**
 * Closing the account: what stands in the way is listed first (the button waits until nothing
 * does); the dialog says what goes and what stays, and asks for the password.
 */
export function CloseAccount({ status }: { status: AccountStatus }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const close = useDeleteAccount();
  const navigate = useNavigate();
  const blockers = status.deletionBlockers;
  const fieldError = serverFieldsOf(close.error)?.password;

  const confirm = () => {
    if (close.isPending) return;
    // The promise, not mutate's callbacks: signing out clears the query client, and the callbacks with it.
    close.mutateAsync(password).then(
      ({ msg }) => void navigate('/login', { replace: true, state: { notice: msg } }),
      () => undefined,
    );
  };

  return (
    <>
      {blockers.length > 0 ? (
        <div className={styles.blockers}>
          <p id="close-blocked">You cannot close your account yet:</p>
          <ul>
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.fine}>
          Your name, email, phone, birthday, photo, addresses and saved cards are erased and you are signed out everywhere. Your orders and payments stay in our books, without your
          contact details.{status.premiumPoints > 0 ? ` Your ${status.premiumPoints} premium points are lost.` : ''}
        </p>
      )}
      <div>
        <Button className={styles.danger} onClick={() => setOpen(true)} disabled={blockers.length > 0} aria-describedby={blockers.length > 0 ? 'close-blocked' : undefined}>
          Close my account
        </Button>
      </div>
      {open && (
        <Dialog
          title="Close your account?"
          description="This cannot be undone. Enter your password to confirm."
          busy={close.isPending}
          onClose={() => {
            setOpen(false);
            setPassword('');
            close.reset();
          }}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={close.isPending}>
                Keep my account
              </Button>
              <Button className={styles.danger} onClick={confirm} disabled={close.isPending || password === ''}>
                {close.isPending ? 'Closing…' : 'Close my account'}
              </Button>
            </>
          }
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
            noValidate
          >
            <PasswordField label="Your password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fieldError ? `Your password ${fieldError}` : undefined} />
          </form>
          <ErrorNotice message={close.isError && !fieldError ? failureMessage(close.error) : null} />
        </Dialog>
      )}
    </>
  );
}
