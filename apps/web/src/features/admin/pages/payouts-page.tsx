import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { Button, ConfirmDialog, EmptyState, LoadError, PageHeader, SuccessNotice } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Price, priceText } from '@/components/ui/price';
import { failureMessage } from '@/lib/call-api';
import { usePayouts, useSettlePayout, type PayoutStatus } from '../api/payouts';
import { StatusCount, StatusPager, StatusTabs, viewFrom, type StatusView } from '../components/status-views';
import { PayoutStatusPill } from '../components/status-pill';
import { formatDateTime, isoDate, pageFrom, plural } from '../model/format';
import shared from '../components/admin.module.css';
import styles from './payouts-page.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

// The fail dialog checks its reason with the admin contract's schema: loaded when a Fail
// button is first pointed at or focused, not with the page (docs/decisions/0074).
const loadFailDialog = () => import('../components/fail-payout-dialog');
const FailPayoutDialog = lazy(() => loadFailDialog().then((m) => ({ default: m.FailPayoutDialog })));
const warmFailDialog = { onPointerEnter: () => void loadFailDialog(), onFocus: () => void loadFailDialog() };

type PayoutView = StatusView & { status: PayoutStatus | '' };

interface PayoutRow {
  id: number;
  amount: number;
  destination: string;
  status: PayoutStatus;
  createdAt: number;
  userName: string;
  email: string;
  failureReason: string | null;
}

const PATH = '/admin/payouts';
const VIEWS: readonly [PayoutView, ...PayoutView[]] = [
  { status: 'pending', param: '', label: 'Pending' },
  { status: 'completed', param: 'completed', label: 'Completed' },
  { status: 'failed', param: 'failed', label: 'Failed' },
  { status: '', param: 'all', label: 'All' },
];

/** "0xabab…abab": long destinations keep their ends, which is what people compare. */
const shortDestination = (d: string) => (d.length > 20 ? `${d.slice(0, 8)}…${d.slice(-6)}` : d);

export default function PayoutsPage() {
  const [params] = useSearchParams();
  const view = viewFrom(params, VIEWS);
  const page = pageFrom(params.get('page'));
  const payouts = usePayouts(view.status, page);
  const settle = useSettlePayout();
  const [open, setOpen] = useState<{ action: 'complete' | 'fail'; payout: PayoutRow } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = payouts.data;

  const begin = (action: 'complete' | 'fail', payout: PayoutRow) => {
    settle.reset();
    setNotice(null);
    setOpen({ action, payout });
  };

  const columns: Column<PayoutRow>[] = [
    {
      key: 'member',
      header: 'Member',
      primary: true,
      width: '24%',
      cell: (p) => (
        <span className={shared.itemText}>
          <strong>{p.userName}</strong>
          <span className={shared.clip} title={p.email}>
            {p.email}
          </span>
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: (p) => <Price value={p.amount} className={shared.nowrap} /> },
    {
      key: 'destination',
      header: 'Destination',
      cell: (p) => (
        <span className={`${shared.mono} ${shared.nowrap}`} title={p.destination}>
          <span aria-hidden="true">{shortDestination(p.destination)}</span>
          <span className="sr-only">{p.destination}</span>
        </span>
      ),
    },
    {
      key: 'requested',
      header: 'Requested',
      cell: (p) => (
        <time dateTime={isoDate(p.createdAt)} className={shared.nowrap}>
          {formatDateTime(p.createdAt)}
        </time>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <span className={styles.status}>
          <PayoutStatusPill status={p.status} />
          {p.failureReason && <span className={shared.sub}>{p.failureReason}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (p) =>
        p.status === 'pending' ? (
          <span className={shared.rowActions}>
            <Button size="sm" onClick={() => begin('complete', p)} aria-label={`Complete payout of ${priceText(p.amount)} to ${p.userName}`}>
              Complete
            </Button>
            <Button size="sm" variant="secondary" onClick={() => begin('fail', p)} {...warmFailDialog} aria-label={`Fail payout of ${priceText(p.amount)} to ${p.userName}`}>
              Fail
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/payouts']} />
      <StatusTabs label="Payout status" path={PATH} views={VIEWS} current={view} />
      <SuccessNotice message={notice} className={shared.notice} />
      <StatusCount>{data && (view.status === 'pending' ? `${plural(data.total, 'payout')} waiting` : plural(data.total, 'payout'))}</StatusCount>
      {payouts.isError && !data ? (
        <LoadError what="the payouts" error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : (
        <DataTable
          caption={`${view.label} payouts`}
          columns={columns}
          rows={data?.items}
          rowKey={(p) => p.id}
          stale={payouts.isPlaceholderData}
          empty={
            <EmptyState title={view.status === 'pending' ? 'Nothing to pay out' : `No ${view.label.toLowerCase()} payouts`}>
              {view.status === 'pending' ? 'New withdrawal requests show here first.' : 'Settled payouts show here.'}
            </EmptyState>
          }
        />
      )}
      <StatusPager label="Payout pages" path={PATH} view={view} data={data} />

      {open?.action === 'complete' && (
        <ConfirmDialog
          title="Complete this payout?"
          description={`Confirm that ${priceText(open.payout.amount)} has been sent to ${open.payout.destination} for ${open.payout.userName}.`}
          confirmLabel="Mark completed"
          busyLabel="Saving…"
          destructive={false}
          busy={settle.isPending}
          error={settle.isError ? failureMessage(settle.error) : null}
          onCancel={() => setOpen(null)}
          onConfirm={() =>
            settle.mutate(
              { action: 'complete', id: open.payout.id },
              {
                onSuccess: () => {
                  setOpen(null);
                  setNotice(`Payout of ${priceText(open.payout.amount)} to ${open.payout.userName} is completed.`);
                },
              },
            )
          }
        />
      )}
      {open?.action === 'fail' && (
        <Suspense fallback={null}>
          <FailPayoutDialog
            payout={open.payout}
            busy={settle.isPending}
            error={settle.error}
            onClose={() => setOpen(null)}
            onFail={(reason) =>
              settle.mutate(
                { action: 'fail', id: open.payout.id, reason },
                {
                  onSuccess: () => {
                    setOpen(null);
                    setNotice(`Payout to ${open.payout.userName} failed: ${priceText(open.payout.amount)} is back in their par balance.`);
                  },
                },
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
