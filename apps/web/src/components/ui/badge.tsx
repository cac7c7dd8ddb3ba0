import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'brand' | 'success' | 'neutral' | 'silver' | 'gold' | 'platinum';

/** A short label in a pill: "Main", "Default", a member class. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
