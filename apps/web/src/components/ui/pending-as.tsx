import type { ReactNode } from 'react';
import styles from './pending-as.module.css';

/**
 * While something loads: what it will most likely show (an empty state, say), kept invisible in
 * a shimmering box of exactly its size, so nothing below moves when the answer arrives. The
 * box is a status named by `label`; the invisible content is not read or reachable.
 */
export function PendingAs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={styles.box}>
      <div aria-hidden="true" className={styles.hidden}>
        {children}
      </div>
    </div>
  );
}
