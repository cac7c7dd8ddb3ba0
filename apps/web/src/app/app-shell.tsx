import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsSignedIn } from '@/lib/session-store';
import { ProgressBar } from './progress-bar';
import { useOnSessionPage } from './routing/app-router';

// It brings TanStack Query: loaded after the first paint, and for signed-in users only.
const SessionSync = lazy(() => import('./session-sync'));

/**
 * After a client-side navigation, focus moves to the new page's main landmark, so
 * keyboard and screen-reader users start on the new content rather than on the link
 * they just used. The first render keeps the browser's own behaviour.
 */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** Around every page: the progress bar, the user-detail sync, and focus on navigation. */
export function AppShell({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const onProtectedPage = useOnSessionPage();
  useFocusMainOnNavigate();
  return (
    <>
      <ProgressBar />
      {signedIn && (
        <Suspense fallback={null}>
          <SessionSync onProtectedPage={onProtectedPage} />
        </Suspense>
      )}
      {children}
    </>
  );
}
