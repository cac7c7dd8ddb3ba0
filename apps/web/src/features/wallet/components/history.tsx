import { BREAKPOINTS, type Transaction } from '@parmeta/contracts';
import { useSyncExternalStore } from 'react';
import { EmptyState, Skeleton, WalletIcon, LoadError } from '@/components/ui';
import { Pagination } from '@/components/ui/pagination';
import { HISTORY_PAGE_SIZE, useHistory } from '../api/get-history';
import { formatDateTime, movements, TRANSACTION_LABELS } from '../model/history';
import { isNarrowed, type HistoryView } from '../model/history-filter';
import { formatSigned } from '../model/money';
import styles from './history.module.css';

const WIDE = `(min-width: ${BREAKPOINTS.sm}px)`;
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** A table where there is room for one; a list on phones. */
const useWide = () => useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);

function Amounts({ amounts }: { amounts: Transaction['amounts'] }) {
  return (
    <span className={styles.amounts}>
      {movements(amounts).map(({ asset, value }) => (
        <span key={asset} className={value > 0 ? styles.in : styles.out}>
          {formatSigned(value, asset)}
        </span>
      ))}
    </span>
  );
}

/** The ledger history of the user with the view's filter, paged, newest first. */
export function History({ view, onPage }: { view: HistoryView; onPage(page: number): void }) {
  const { page } = view;
  const history = useHistory(view);
  const wide = useWide();
  const items = history.data?.items ?? [];
  const pageCount = history.data ? Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE)) : 1;

  let body;
  if (history.isPending) {
    body = (
      <div className={styles.skeleton} role="status" aria-busy="true" aria-label="Loading your history">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </div>
    );
  } else if (history.isError) {
    body = (
      <LoadError what="your history" error={history.error} onRetry={() => void history.refetch()} />
    );
  } else if (items.length === 0) {
    body = isNarrowed(view) ? (
      <EmptyState title="No movements match" icon={<WalletIcon />}>
        Nothing of this type in these dates. Choose another type or a wider range.
      </EmptyState>
    ) : (
      <EmptyState title="No movements yet" icon={<WalletIcon />}>
        Top-ups, transfers, purchases and withdrawals will be listed here.
      </EmptyState>
    );
  } else if (wide) {
    body = (
      <div className={styles.scroller}>
        <table className={styles.table} aria-busy={history.isPlaceholderData || undefined}>
          <caption className="sr-only">Wallet history, page {page} of {pageCount}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
              <th scope="col">Counterparty</th>
              <th scope="col">Reference</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {items.map((t) => (
              <tr key={t.id}>
                <td>
                  <span className={styles.type}>{TRANSACTION_LABELS[t.type]}</span>
                  {t.memo && t.memo !== TRANSACTION_LABELS[t.type] && <span className={styles.memo}>{t.memo}</span>}
                </td>
                <td className={styles.num}>
                  <Amounts amounts={t.amounts} />
                </td>
                <td>{t.counterparty}</td>
                <td className={styles.reference}>{t.reference ?? '—'}</td>
                <td className={styles.date}>{formatDateTime(t.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={`Wallet history, page ${page} of ${pageCount}`} aria-busy={history.isPlaceholderData || undefined}>
        {items.map((t) => (
          <li key={t.id} className={styles.row}>
            <div className={styles.rowHead}>
              <span className={styles.type}>{TRANSACTION_LABELS[t.type]}</span>
              <Amounts amounts={t.amounts} />
            </div>
            <p className={styles.rowMeta}>
              {t.counterparty}
              {t.reference && <span className={styles.reference}> · {t.reference}</span>}
            </p>
            <p className={styles.date}>{formatDateTime(t.createdAt)}</p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {history.data && items.length > 0 && (
        <p className={styles.count}>
          {history.data.total} {history.data.total === 1 ? 'movement' : 'movements'}
        </p>
      )}
      {body}
      <Pagination label="History pages" page={page} pageCount={pageCount} onPageChange={onPage} />
    </>
  );
}
