import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui';
import shared from './admin.module.css';

interface ResultCountProps {
  /** "12 products"; undefined until the list has answered. */
  children: ReactNode | undefined;
  className?: string;
  /** Announce changes (a filter changed the count). */
  live?: boolean;
}

/**
 * The count above an admin list. It holds its line from the first render, a skeleton until the
 * list answers: shown only with the data, it pushed the table down as it arrived (on a phone it
 * wraps under the search form; CLS 0.021 on the products and NFTs pages).
 */
export function ResultCount({ children, className, live = false }: ResultCountProps) {
  return (
    <p className={[shared.count, className].filter(Boolean).join(' ')} role={live ? 'status' : undefined}>
      {children ?? <Skeleton width="7rem" height="1.5em" />}
    </p>
  );
}
