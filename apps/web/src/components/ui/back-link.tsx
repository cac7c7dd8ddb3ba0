import type { ReactNode } from 'react';
import { ChevronLeftIcon } from './commerce-icons';
import styles from './back-link.module.css';
import { Link } from './link';

interface BackLinkProps {
  to: string;
  /** What it leads back to, e.g. "All orders". */
  children: ReactNode;
}

/** "‹ All orders": the way back to a list, above the page's header. */
export function BackLink({ to, children }: BackLinkProps) {
  return (
    <Link to={to} className={styles.back}>
      <ChevronLeftIcon size={18} />
      {children}
    </Link>
  );
}
