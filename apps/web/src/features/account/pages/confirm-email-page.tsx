import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { ErrorNotice, Link, SuccessNotice } from '@/components/ui';
import { failedWith, failureMessage } from '@/lib/call-api';
import { useIsSignedIn } from '@/lib/session-store';
import { useConfirmEmailChange } from '../api/account-settings';
import styles from './confirm-email-page.module.css';

/**
 * Opened from the link mailed to a new address: it applies the change once, then takes the
 * signature out of the address bar so a reload does not replay a used link. No session is
 * needed: the mail may be read on another device.
 */
export default function ConfirmEmailPage() {
  const [params, setParams] = useSearchParams();
  const [signature] = useState(() => params.get('signature'));
  const confirm = useConfirmEmailChange();
  const signedIn = useIsSignedIn();
  const started = useRef(false);

  useEffect(() => {
    if (!signature || started.current) return;
    started.current = true;
    confirm.mutate(signature);
    setParams(
      (current) => {
        current.delete('signature');
        return current;
      },
      { replace: true },
    );
  }, [signature, confirm, setParams]);

  const failure = !signature
    ? 'This page needs the link from the confirmation mail. Open the link in the mail again, or ask for a new one on your account settings page.'
    : confirm.isError
      ? failedWith(confirm.error, 'BAD_REQUEST')
        ? 'This link is not valid. Ask for the change again on your account settings page.'
        : failureMessage(confirm.error)
      : null;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Confirm your new email</h1>
      {confirm.isPending && <p aria-busy="true">Confirming your new email…</p>}
      <SuccessNotice message={confirm.isSuccess ? confirm.data.msg : null} />
      <ErrorNotice message={failure} />
      <p className={styles.next}>{signedIn ? <Link to="/account">Back to your account settings</Link> : <Link to="/login">Sign in</Link>}</p>
    </div>
  );
}
