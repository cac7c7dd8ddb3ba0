import type { Payout } from '@parmeta/contracts';
import { useState } from 'react';
import { Panel, Skeleton, LoadError } from '@/components/ui';
import { Pagination } from '@/components/ui/pagination';
import { PAYOUTS_PAGE_SIZE, usePayouts } from '../api/get-payouts';
import { formatDateTime, PAYOUT_STATUS_LABELS } from '../model/history';
import { formatAsset } from '../model/money';
import styles from './payouts.module.css';

const STATUS_CLASSES: Record<Payout['status'], string | undefined> = { pending: styles.pending, completed: styles.completed, failed: styles.refused };

function StatusPill({ status }: { status: Payout['status'] }) {
  return <span className={`${styles.status} ${STATUS_CLASSES[status]}`}>{PAYOUT_STATUS_LABELS[status]}</span>;
}

/** The user's withdrawals with their state: pending until an admin pays them out or fails them (a failure refunds the par). */
export function Payouts() {
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  const items = payouts.data?.items ?? [];
  const pageCount = payouts.data ? Math.max(1, Math.ceil(payouts.data.total / PAYOUTS_PAGE_SIZE)) : 1;

  return (
    <Panel title="Withdrawals" description="Requests stay pending until they are paid out. A failed one is refunded to your par.">
      {payouts.isPending ? (
        <div className={styles.skeleton} role="status" aria-busy="true" aria-label="Loading your withdrawals">
          <Skeleton height={52} />
          <Skeleton height={52} />
        </div>
      ) : payouts.isError ? (
        <LoadError what="your withdrawals" error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : items.length === 0 ? (
        <p className={styles.none}>No withdrawals yet.</p>
      ) : (
        <ul className={styles.list} aria-busy={payouts.isPlaceholderData || undefined}>
          {items.map((p) => (
            <li key={p.id} className={styles.item}>
              <div className={styles.main}>
                <span className={styles.amount}>{formatAsset(p.amount)}</span>
                <span className={styles.destination}>to {p.destination}</span>
              </div>
              <div className={styles.side}>
                <StatusPill status={p.status} />
                <span className={styles.date}>{formatDateTime(p.createdAt)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination label="Withdrawal pages" page={page} pageCount={pageCount} onPageChange={setPage} />
    </Panel>
  );
}
