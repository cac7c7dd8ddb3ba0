import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { firstHeadAt } from '@/lib/page-heads';
import { routerPath } from '@/lib/route-path';
import { useIsSignedIn, useSessionStore } from '@/lib/session-store';

/**
 * What the page's early script painted in #root below the header's frame (src/boot/early-head.ts;
 * early-admin-head.ts in admin.html), at which address, and how far its parts were scrolled (the
 * admin tab bar, scrolled to the current tab): taken as the app's code starts, before React's
 * first render clears #root, and with it the scroll positions.
 */
const earlyPaint = typeof document === 'undefined' ? null : takeEarlyPaint();

function takeEarlyPaint() {
  const main = document.querySelector('#root > main');
  const scrolled = main ? [...main.querySelectorAll('*')].filter((element) => element.scrollLeft > 0).map((element) => ({ element, left: element.scrollLeft })) : [];
  // More than a header: the security page's panels (lib/page-panels.ts), which the layout does not
  // draw itself, so their words stay out of the app's first load.
  return { main, path: routerPath(window.location.pathname), scrolled, beyondHead: main !== null && main.querySelector('.panel-stack') !== null };
}

/**
 * While a page's code loads on the first page load: the header it will show first, where the page
 * will show it. The page's early script painted the same before the app's code, so it stays on
 * screen throughout. A member page's fixed header and checkout's (lib/page-heads.ts) are drawn
 * here; anything else the early script painted (an admin page's header inside the admin area's
 * navigation, whose table is not in the first load: features/admin/model/admin-heads.ts; the
 * security page's header with its panels: lib/page-panels.ts) is taken over as it is, once, on
 * the address it was painted for. The headers are for a member only, as the early script's: a
 * visitor is on the way to the sign-in page. A visitor of the open catalog keeps the first screen
 * the early script painted of a product, an NFT or a grid, as a member does. `className` wraps it
 * in the layout's <main>; without, the layout's own <main> is already around it (the bare layout).
 */
export function FirstHead({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const cartLines = useSessionStore((s) => s.cart.list.length);
  const head = signedIn ? firstHeadAt(pathname, cartLines) : null;
  const painted = className !== undefined && earlyPaint?.main && earlyPaint.path === routerPath(pathname);
  if (!head || (painted && earlyPaint.beyondHead)) return painted ? <main id="main" tabIndex={-1} className={className} ref={takeOverEarlyPaint} /> : null;
  const content: ReactNode = (
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

/** Moves what the early script painted into the stand-in's <main>, before the browser paints: once. */
function takeOverEarlyPaint(main: HTMLElement | null): void {
  const early = earlyPaint?.main;
  if (!main || !early) return;
  main.replaceChildren(...early.childNodes);
  for (const { element, left } of earlyPaint.scrolled) element.scrollLeft = left;
  earlyPaint.main = null;
}
