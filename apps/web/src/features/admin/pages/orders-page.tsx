import type { OrderStatus } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ButtonLink, EmptyState, Field, Link, LoadError, PageHeader, SelectField } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { useAdminOrders } from '../api/orders';
import { OrderStatusPill } from '../components/status-pill';
import { formatDateTime, isoDate, pageCountOf, plural } from '../model/format';
import { ORDER_STATUS_LABELS } from '../model/order-actions';
import { hasFilter, orderFilterFrom, orderFilterSearch, type OrderFilter } from '../model/order-filter';
import shared from '../components/admin.module.css';
import styles from './orders-page.module.css';
import { ResultCount } from '../components/result-count';
import { ADMIN_HEADS } from '../model/admin-heads';

interface OrderRow {
  orderNo: string;
  userId: string;
  email: string;
  status: OrderStatus;
  total: number;
  itemCount: number;
  createdAt: number;
  promo: { code: string; discount: number } | null;
}

const columns: Column<OrderRow>[] = [
  {
    key: 'order',
    header: 'Order',
    primary: true,
    cell: (o) => (
      <Link to={`/admin/orders/${o.orderNo}`} className={`${shared.itemName} ${shared.mono}`}>
        {o.orderNo}
      </Link>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    cell: (o) => (
      <span className={shared.itemText}>
        <span>{o.userId}</span>
        <span className={shared.clip} title={o.email}>
          {o.email}
        </span>
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (o) => <OrderStatusPill status={o.status} /> },
  { key: 'items', header: 'Items', align: 'end', cell: (o) => o.itemCount },
  {
    key: 'total',
    header: 'Total',
    align: 'end',
    // An order that used a promo code says which, and what it took off, under its total.
    cell: (o) =>
      o.promo ? (
        <span className={shared.itemText}>
          <Price value={o.total} className={shared.nowrap} />
          <span className={`${shared.sub} ${shared.nowrap}`}>
            Code <span className={shared.mono}>{o.promo.code}</span> −<Price value={o.promo.discount} />
          </span>
        </span>
      ) : (
        <Price value={o.total} className={shared.nowrap} />
      ),
  },
  {
    key: 'placed',
    header: 'Placed',
    cell: (o) => (
      <time dateTime={isoDate(o.createdAt)} className={shared.nowrap}>
        {formatDateTime(o.createdAt)}
      </time>
    ),
  },
];

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

export default function AdminOrdersPage() {
  const [params] = useSearchParams();
  const filter = orderFilterFrom(params);
  const orders = useAdminOrders(filter);
  const data = orders.data;

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/orders']} />
      <FilterForm key={params.toString()} filter={filter} />
      <ResultCount className={styles.count} live>
        {data && `${plural(data.total, 'order')}${hasFilter(filter) ? ' match' : ''}`}
      </ResultCount>
      {orders.isError && !data ? (
        <LoadError what="the orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <DataTable
          caption="Orders"
          columns={columns}
          rows={data?.items}
          rowKey={(o) => o.orderNo}
          stale={orders.isPlaceholderData}
          empty={
            <EmptyState title={hasFilter(filter) ? 'No order matches' : 'No orders yet'} action={hasFilter(filter) ? <ButtonLink to="/admin/orders" variant="secondary">Clear the filters</ButtonLink> : undefined}>
              {hasFilter(filter) ? 'Try another status, a wider date range or part of the customer’s name.' : 'Orders show here as soon as customers place them.'}
            </EmptyState>
          }
        />
      )}
      {data && (
        <div className={shared.pages}>
          <Pagination label="Order pages" page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={(page) => `/admin/orders${orderFilterSearch({ ...filter, page })}`} />
        </div>
      )}
    </>
  );
}

/** The filters live in the URL: applying them navigates, so they can be shared and the back button undoes them. */
function FilterForm({ filter }: { filter: OrderFilter }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filter);
  const [rangeError, setRangeError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError('The “To” day must be on or after the “From” day.');
      return;
    }
    void navigate(`/admin/orders${orderFilterSearch({ ...draft, page: 1 })}`);
  };

  return (
    <form className={styles.filters} onSubmit={submit} aria-label="Filter orders" noValidate>
      <SelectField label="Status" name="status" className={styles.wide} options={STATUS_OPTIONS} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as OrderFilter['status'] })} />
      <Field
        label="From"
        id="orders-from"
        name="from"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        error={rangeError}
        onChange={(e) => {
          setRangeError(undefined);
          setDraft({ ...draft, from: e.target.value });
        }}
      />
      <Field
        label="To"
        name="to"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        aria-invalid={rangeError ? true : undefined}
        aria-describedby={rangeError ? 'orders-from-error' : undefined}
        onChange={(e) => {
          setRangeError(undefined);
          setDraft({ ...draft, to: e.target.value });
        }}
      />
      <Field label="Customer" name="customer" type="search" className={styles.wide} placeholder="Name or email" maxLength={254} value={draft.customer} onChange={(e) => setDraft({ ...draft, customer: e.target.value })} />
      <div className={styles.buttons}>
        <Button type="submit">Apply</Button>
        {hasFilter(filter) && (
          <ButtonLink to="/admin/orders" variant="ghost">
            Clear
          </ButtonLink>
        )}
      </div>
    </form>
  );
}
