import type { AdminReview } from '@parmeta/contracts';
import { useSearchParams } from '@/lib/search-params';
import { useState } from 'react';
import { Button, EmptyState, ErrorNotice, Link, LoadError, PageHeader, SuccessNotice } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { failureMessage } from '@/lib/call-api';
import { useAdminReviews, useHideReview, type ReviewView } from '../api/reviews';
import { StatusCount, StatusPager, StatusTabs, viewFrom, type StatusView } from '../components/status-views';
import { formatDateTime, isoDate, pageFrom, plural } from '../model/format';
import shared from '../components/admin.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

const PATH = '/admin/reviews';
const VIEWS: readonly [StatusView & { status: ReviewView }, ...(StatusView & { status: ReviewView })[]] = [
  { status: 'all', param: '', label: 'All' },
  { status: 'visible', param: 'visible', label: 'Visible' },
  { status: 'hidden', param: 'hidden', label: 'Hidden' },
];

/** Reviews members wrote, newest first: an admin hides one that breaks the rules (it leaves the product's average) or shows it again. Both are audited. */
export default function ReviewsPage() {
  const [params] = useSearchParams();
  const view = viewFrom(params, VIEWS);
  const page = pageFrom(params.get('page'));
  const reviews = useAdminReviews(view.status, page);
  const hide = useHideReview();
  const [notice, setNotice] = useState<string | null>(null);
  const data = reviews.data;

  const toggle = (r: AdminReview) => {
    setNotice(null);
    hide.mutate({ id: r.id, hidden: !r.hidden }, { onSuccess: ({ msg }) => setNotice(`“${r.title}”: ${msg}`) });
  };

  const columns: Column<AdminReview>[] = [
    {
      key: 'review',
      header: 'Review',
      primary: true,
      width: '40%',
      cell: (r) => (
        <span className={shared.itemText}>
          <strong>
            {'★'.repeat(r.rating)}
            <span className="sr-only"> {r.rating} of 5 stars: </span> {r.title}
          </strong>
          <span className={shared.sub}>{r.body.length > 140 ? `${r.body.slice(0, 140)}…` : r.body}</span>
        </span>
      ),
    },
    {
      key: 'product',
      header: 'Product',
      cell: (r) => <Link to={`/product/${r.product.id}`}>{r.product.name}</Link>,
    },
    { key: 'member', header: 'Member', cell: (r) => r.userName },
    {
      key: 'written',
      header: 'Written',
      cell: (r) => (
        <time dateTime={isoDate(r.createdAt)} className={shared.nowrap}>
          {formatDateTime(r.createdAt)}
        </time>
      ),
    },
    { key: 'state', header: 'Shown', cell: (r) => (r.hidden ? 'Hidden' : 'Visible') },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (r) => (
        <Button size="sm" variant={r.hidden ? 'secondary' : 'primary'} disabled={hide.isPending && hide.variables?.id === r.id} onClick={() => toggle(r)} aria-label={`${r.hidden ? 'Show' : 'Hide'} the review “${r.title}” by ${r.userName}`}>
          {r.hidden ? 'Show' : 'Hide'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/reviews']} />
      <StatusTabs label="Review visibility" path={PATH} views={VIEWS} current={view} />
      <SuccessNotice message={notice} className={shared.notice} />
      {hide.isError && <ErrorNotice message={failureMessage(hide.error)} className={shared.notice} />}
      <StatusCount>{data && plural(data.total, 'review')}</StatusCount>
      {reviews.isError && !data ? (
        <LoadError what="the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <DataTable
          caption={`${view.label} reviews`}
          columns={columns}
          rows={data?.items}
          rowKey={(r) => r.id}
          stale={reviews.isPlaceholderData}
          empty={<EmptyState title={view.status === 'hidden' ? 'No hidden reviews' : 'No reviews yet'}>Reviews show here as members write them.</EmptyState>}
        />
      )}
      <StatusPager label="Review pages" path={PATH} view={view} data={data} />
    </>
  );
}
