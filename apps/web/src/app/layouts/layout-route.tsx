import type { ComponentType, ReactNode } from 'react';
import { Outlet } from 'react-router';
import styles from './layout-route.module.css';

/** A layout as a route element: the skip link, then the layout around the matched page. */
export function LayoutRoute({ layout: Layout }: { layout: ComponentType<{ children: ReactNode }> }) {
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}
