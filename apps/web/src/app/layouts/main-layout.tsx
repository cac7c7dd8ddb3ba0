import { PRODUCT_NAME } from '@parmeta/contracts';
import type { ReactNode } from 'react';
import { MobileNav } from './mobile-nav';
import { SiteHeader } from './site-header';
import styles from './main-layout.module.css';

const year = new Date().getFullYear();

export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <SiteHeader />
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
      <MobileNav />
    </div>
  );
}
