import { PageHeader } from '@/components/ui';
import { PAGE_HEADS } from '@/lib/page-heads';
import { PasskeysPanel } from '../components/passkeys-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { TwoFactorPanel } from '../components/two-factor-panel';

/** The panels' column is global.css's .panel-stack: page.html's early script paints it too (src/boot/early-head.ts). */
export default function SecurityPage() {
  return (
    <>
      <PageHeader {...PAGE_HEADS['/account/security']} />
      <div className="panel-stack">
        <PasskeysPanel />
        <TwoFactorPanel />
        <SessionsPanel />
      </div>
    </>
  );
}
