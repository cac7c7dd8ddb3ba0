import type { ReconciliationItem } from '@parmeta/contracts';
import { Button, LoadError, PageHeader, Skeleton, SuccessNotice, ErrorNotice } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Price } from '@/components/ui/price';
import { useReconciliation } from '../api/finance';
import { FinanceTabs } from '../components/finance-tabs';
import { formatDateTime, isoDate, plural } from '../model/format';
import shared from '../components/admin.module.css';
import styles from '../components/finance.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

const PROBLEMS: Record<ReconciliationItem['problem'], string> = {
  charge_unmatched: 'Charge without a payment in our books',
  refund_unmatched: 'Refund of a payment that stands',
  amount_differs: 'Amounts differ',
  charge_missing: 'Paid by card, no charge at the gateway',
  refund_missing: 'Refunded in our books, not at the gateway',
  entry_unmatched: 'Ledger entry without a charge',
};

const columns: Column<ReconciliationItem>[] = [
  { key: 'reference', header: 'Reference', primary: true, cell: (i) => <span className={shared.mono}>{i.reference}</span> },
  { key: 'problem', header: 'What does not match', cell: (i) => <strong>{PROBLEMS[i.problem]}</strong> },
  { key: 'detail', header: 'Details', cell: (i) => <span className={shared.sub}>{i.detail}</span> },
  { key: 'charge', header: 'Gateway charge', cell: (i) => (i.chargeId ? <span className={shared.mono}>{i.chargeId}</span> : '–') },
  { key: 'amount', header: 'Amount', align: 'end', cell: (i) => <Price value={i.amount} className={shared.nowrap} /> },
  {
    key: 'when',
    header: 'When',
    cell: (i) => (
      <time dateTime={isoDate(i.at)} className={shared.nowrap}>
        {formatDateTime(i.at)}
      </time>
    ),
  },
];

function Side({ title, items }: { title: string; items: ReconciliationItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.items} aria-label={title}>
      <h2>
        {title} ({items.length})
      </h2>
      <DataTable caption={title} columns={columns} rows={items} rowKey={(i) => `${i.problem}:${i.reference}:${i.chargeId ?? ''}:${i.at}`} />
    </section>
  );
}

export default function ReconciliationPage() {
  const recon = useReconciliation();
  const data = recon.data;
  return (
    <>
      <PageHeader
        {...ADMIN_HEADS['/admin/finance/reconciliation']}
        actions={
          <Button variant="secondary" onClick={() => void recon.refetch()} disabled={recon.isFetching}>
            {recon.isFetching ? 'Checking…' : 'Check again'}
          </Button>
        }
      />
      <FinanceTabs />
      {recon.isError && !data ? (
        <LoadError what="the reconciliation" error={recon.error} onRetry={() => void recon.refetch()} />
      ) : !data ? (
        <div aria-busy="true">
          <p className="sr-only">Comparing the gateway's records with ours…</p>
          <Skeleton height={200} />
        </div>
      ) : (
        <div aria-busy={recon.isFetching || undefined}>
          <p className={styles.check}>
            Checked at {formatDateTime(data.checkedAt)}: {plural(data.checked.charges, 'charge')} and {plural(data.checked.refunds, 'refund')} at the gateway; {plural(data.checked.cardPayments, 'card payment')} and{' '}
            {plural(data.checked.gatewayEntries, 'ledger entry', 'ledger entries')} taking money in from it in our books.
          </p>
          {data.items.length === 0 ? (
            <SuccessNotice className={styles.notice} message="Everything matches: every charge and refund at the gateway has its record in our books, and every card payment in our books has its charge." />
          ) : (
            <ErrorNotice
              className={styles.notice}
              message={`${plural(data.items.length, 'record')} without a match${data.truncated ? ' (the first 200 of some kinds; settle these and check again for more)' : ''}. Refunds still owed are retried by the app every few seconds; anything else needs a person.`}
            />
          )}
          <Side title="At the gateway, not in our books" items={data.items.filter((i) => i.side === 'gateway')} />
          <Side title="In our books, not at the gateway" items={data.items.filter((i) => i.side === 'books')} />
        </div>
      )}
    </>
  );
}
