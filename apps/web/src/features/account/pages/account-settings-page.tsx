import { Button, ErrorNotice, LoadError, PageHeader, Panel, Skeleton, SuccessNotice } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { useAccountStatus, useExportData } from '../api/account-settings';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { CloseAccount } from '../components/close-account';
import { MissingUser, waitsForUser } from '../components/missing-user';
import styles from './account-settings-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

export default function AccountSettingsPage() {
  const status = useAccountStatus();
  const download = useExportData();
  // The signed-in user's detail (kept by the session store) has the address too: shown from it
  // until the account answers, the line has its final size at once (on a phone it wraps).
  const knownEmail = useSessionStore((s) => s.user?.email) || null;

  return (
    <>
      <PageHeader {...PAGE_HEADS['/account']} />
      {waitsForUser(status) ? (
        <MissingUser />
      ) : (
        <div className={styles.stack}>
          <Panel title="Email" description="Where we send your receipts, and what you can sign in with.">
            {/* The form shows at once, only the current address waits for the answer: a skeleton in
                the form's place had the panels below jump down by the form's height (CLS ~0.2). */}
            {status.isError ? (
              <LoadError what="your account details" error={status.error} onRetry={() => void status.refetch()} />
            ) : (
              <ChangeEmailForm email={status.data?.email ?? knownEmail ?? null} pending={status.data?.pendingEmail ?? null} />
            )}
          </Panel>

          <Panel title="Password" description="At least 15 characters; a few unrelated words work well.">
            <ChangePasswordForm />
          </Panel>

          <Panel title="Your data" description="Your profile, addresses, orders, wallet history, NFTs, reviews, wishlist and back-in-stock requests, in one JSON file.">
            <SuccessNotice message={download.isSuccess ? 'Your data is downloaded. Look for a file named parmeta-data-….json.' : ''} />
            <ErrorNotice message={download.isError ? failureMessage(download.error) : null} />
            <div>
              <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
                {download.isPending ? 'Preparing your file…' : 'Download my data'}
              </Button>
            </div>
          </Panel>

          <Panel title="Close your account" description="When you no longer want an account with us.">
            {status.isPending ? (
              <div role="status" aria-busy="true" aria-label="Checking whether your account can be closed">
                <Skeleton width="80%" />
              </div>
            ) : status.isError ? (
              <LoadError what="whether your account can be closed" error={status.error} onRetry={() => void status.refetch()} />
            ) : (
              <CloseAccount status={status.data} />
            )}
          </Panel>
        </div>
      )}
    </>
  );
}
