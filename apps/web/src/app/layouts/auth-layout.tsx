import { Suspense, type ReactNode } from 'react';
import { Link, Logo } from '@/components/ui';
import { ProgressBarView } from '../progress-bar';
import styles from './auth-layout.module.css';

/**
 * A centered card under the logo: sign-in, sign-up, resend and reset. On a first page load it
 * shows whole once the page is ready: the column is centred, so a growing card would move the logo.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<ProgressBarView />}>
      <div className={styles.page}>
        <div className={styles.column}>
          <header>
            <Logo size={40} />
          </header>
          <main id="main" tabIndex={-1} className={styles.card}>
            {children}
          </main>
          <Link to="/" className={styles.back}>
            ← Back to the home page
          </Link>
        </div>
      </div>
    </Suspense>
  );
}
