import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui';
import { useIsSignedIn } from '@/lib/session-store';
import { pageHeadAt } from '@/lib/page-heads';

/**
 * While a member page's code loads on the first page load: its fixed header (lib/page-heads.ts)
 * in the layout's <main>, where the page will show it. page.html's early script painted the same
 * header before the app's code (src/boot/early-head.ts), so it stays on screen throughout.
 * Signed in only, as the early script: a visitor is on the way to the sign-in page.
 */
export function FirstHead({ className }: { className: string }) {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const head = pageHeadAt(pathname);
  if (!head || !signedIn) return null;
  return (
    <main id="main" tabIndex={-1} className={className}>
      <PageHeader title={head.title} description={head.description} />
    </main>
  );
}
