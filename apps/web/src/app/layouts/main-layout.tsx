import { PRODUCT_NAME } from '@parmeta/contracts';
import { Suspense, type ReactNode } from 'react';
import { ProgressBarView } from '../progress-bar';
import { FirstHead } from './first-head';
import { MobileNav } from './mobile-nav';
import { SiteHeader } from './site-header';
import styles from './main-layout.module.css';

const year = new Date().getFullYear();

/**
 * On the first page load the header shows at once; the page and the footer follow together
 * when the page is ready (so the footer never jumps down), with the progress bar meanwhile,
 * and a member page's fixed header where the page will show it (FirstHead).
 */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <SiteHeader />
      <Suspense
        fallback={
          <>
            <ProgressBarView />
            <FirstHead className={`container ${styles.main}`} />
          </>
        }
      >
        <main id="main" tabIndex={-1} className={`container ${styles.main}`}>
          {children}
        </main>
        <footer className={styles.footer}>
          <div className={`container ${styles.footerInner}`}>
            <span>
              © {year} {PRODUCT_NAME}
            </span>
            <span>Online shop and NFT marketplace</span>
          </div>
        </footer>
      </Suspense>
      <MobileNav />
    </div>
  );
}
