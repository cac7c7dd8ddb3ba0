import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui';
import styles from './auth-layout.module.css';

/** A centered card under the logo: sign-in, sign-up, resend and reset. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
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
  );
}
