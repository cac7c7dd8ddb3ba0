import { PageHeader } from '@/components/ui';
import { PasskeysPanel } from '../components/passkeys-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { TwoFactorPanel } from '../components/two-factor-panel';
import styles from './security-page.module.css';

export default function SecurityPage() {
  return (
    <>
      <PageHeader title="Security" description="How you sign in: passkeys, two-step sign-in, and the devices where your account is signed in." />
      <div className={styles.page}>
        <PasskeysPanel />
        <TwoFactorPanel />
        <SessionsPanel />
      </div>
    </>
  );
}
