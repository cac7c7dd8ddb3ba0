import { PageHeader } from '@/components/ui';
import { PasskeysPanel } from '../components/passkeys-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { TwoFactorPanel } from '../components/two-factor-panel';
import styles from './security-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

export default function SecurityPage() {
  return (
    <>
      <PageHeader {...PAGE_HEADS['/account/security']} />
      <div className={styles.page}>
        <PasskeysPanel />
        <TwoFactorPanel />
        <SessionsPanel />
      </div>
    </>
  );
}
