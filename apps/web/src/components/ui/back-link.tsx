import type { ReactNode } from 'react';
import { ChevronLeftIcon } from './icons';
import { Link } from './link';

interface BackLinkProps {
  to: string;
  /** What it leads back to, e.g. "All orders". */
  children: ReactNode;
}

/** "‹ All orders": the way back to a list, above the page's header. Styled by global.css (.back-link), which page.html's early script uses too. */
export function BackLink({ to, children }: BackLinkProps) {
  return (
    <Link to={to} className="back-link">
      <ChevronLeftIcon size={18} />
      {children}
    </Link>
  );
}
