import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { firstHeadAt } from '@/lib/page-heads';
import { useIsSignedIn, useSessionStore } from '@/lib/session-store';

/**
 * While a page's code loads on the first page load: the header it will show first (lib/page-heads.ts:
 * a member page's fixed one, checkout's while the cart has lines), where the page will show it.
 * page.html's early script painted the same header before the app's code (src/boot/early-head.ts),
 * so it stays on screen throughout. Signed in only, as the early script: a visitor is on the way
 * to the sign-in page. `className` wraps it in the layout's <main>; without, the layout's own
 * <main> is already around it (the bare layout).
 */
export function FirstHead({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const cartLines = useSessionStore((s) => s.cart.list.length);
  const head = firstHeadAt(pathname, cartLines);
  if (!head || !signedIn) return null;
  const content = (
    <>
      {head.back && <BackLink to={head.back.to}>{head.back.label}</BackLink>}
      <PageHeader title={head.title} description={head.description} />
    </>
  );
  return className === undefined ? (
    content
  ) : (
    <main id="main" tabIndex={-1} className={className}>
      {content}
    </main>
  );
}
