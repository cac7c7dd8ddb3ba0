import type { ReactNode } from 'react';
import styles from './auth-links.module.css';

/** The "other ways in" under an auth card: sign up, sign in, reset, resend. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <ul className={styles.links}>{children}</ul>;
}
