import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { ProgressBar } from '../progress-bar';
import { SessionSync } from '../session-sync';
import { AuthLayout } from './auth-layout';
import { BareLayout } from './bare-layout';
import { MainLayout } from './main-layout';
import { layoutOf, type LayoutName } from './route-handle';
import styles from './root-layout.module.css';

const layouts: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  main: MainLayout,
  bare: BareLayout,
  auth: AuthLayout,
};

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

/** The root route: progress bar, user-detail sync, skip link, and the layout the matched page declares. */
export function RootLayout() {
  const name = layoutOf(useMatches());
  const Layout = name ? layouts[name] : undefined;
  useFocusMainOnNavigate();
  return (
    <>
      <ProgressBar />
      <SessionSync />
      {Layout ? (
        <>
          <a className={styles.skip} href="#main">
            Skip to content
          </a>
          <Layout>
            <Outlet />
          </Layout>
        </>
      ) : (
        <Outlet />
      )}
      <ScrollRestoration />
    </>
  );
}
