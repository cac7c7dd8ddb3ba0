import { Suspense, type ReactNode } from 'react';
import { Logo } from '@/components/ui';
import { ProgressBarView } from '../progress-bar';
import { FirstHead } from './first-head';
import styles from './bare-layout.module.css';

/**
 * Only the logo above the page: for focused flows such as checkout, without the shop's navigation.
 * While the page loads, the header it will show first where it will show it (FirstHead).
 */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={styles.top}>
        <div className={`container ${styles.bar}`}>
          <Logo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`container ${styles.main}`}>
        <Suspense
          fallback={
            <>
              <ProgressBarView />
              <FirstHead />
            </>
          }
        >
          {children}
        </Suspense>
      </main>
    </>
  );
}
