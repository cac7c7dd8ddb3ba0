import type { OrderSummary } from '@parmeta/contracts';
import { useSearchParams } from '@/lib/search-params';
import { Button, ButtonLink, EmptyState, ErrorNotice, Link, LoadError, PageHeader, Skeleton } from '@/components/ui';
import { PackageIcon, PrinterIcon, RepeatIcon } from '@/components/ui/commerce-icons';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { failureMessage } from '@/lib/call-api';
import { smallImage } from '@/lib/image-variants';
import { useBuyAgain } from '../api/buy-again';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from '../components/order-status-badge';
import { formatDate, formatDateTime, isPaidStatus, namesText } from '../model/order-status';
import styles from './orders-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

const pageFrom = (text: string | null) => {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

export default function OrdersPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const orders = useOrders(page);
  const buyAgain = useBuyAgain();
  const data = orders.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader {...PAGE_HEADS['/orders']} />
      {orders.isPending ? (
        <ul className={styles.list} aria-busy="true" aria-label="Loading your orders">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className={styles.skeleton}>
              <Skeleton width="40%" height={18} />
              <Skeleton width="25%" height={14} />
            </li>
          ))}
        </ul>
      ) : orders.isError && !data ? (
        <LoadError what="your orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          title={page > 1 ? 'No orders on this page' : 'No orders yet'}
          icon={<PackageIcon />}
          action={
            page > 1 ? (
              <ButtonLink to="/orders" variant="secondary">
                First page
              </ButtonLink>
            ) : (
              <ButtonLink to="/shop">Browse the shop</ButtonLink>
            )
          }
        >
          {page > 1 ? 'This page is past your last order.' : 'When you place an order, it shows here with its status and tracking.'}
        </EmptyState>
      ) : (
        <>
          <p className={styles.count}>
            {data.total} {data.total === 1 ? 'order' : 'orders'}
          </p>
          <ErrorNotice message={buyAgain.isError ? `Buy again did not work. ${failureMessage(buyAgain.error, { fieldsHint: false })}` : null} className={styles.failed} />
          <ul className={orders.isPlaceholderData ? `${styles.list} ${styles.busy}` : styles.list} aria-busy={orders.isPlaceholderData || undefined}>
            {data.items.map((order) => (
              <OrderRow key={order.orderNo} order={order} buying={buyAgain.isPending && buyAgain.variables === order.orderNo} busy={buyAgain.isPending} onBuyAgain={() => buyAgain.mutate(order.orderNo)} />
            ))}
          </ul>
          <div className={styles.pages}>
            <Pagination label="Order pages" page={data.page} pageCount={pageCount} hrefFor={(p) => (p === 1 ? '/orders' : `/orders?page=${p}`)} />
          </div>
        </>
      )}
    </>
  );
}

/**
 * One order: what was bought (the first item's picture, the names, how many), when, its state
 * and total; the whole card opens it. Buy again and the receipt sit above that link.
 */
function OrderRow({ order, buying, busy, onBuyAgain }: { order: OrderSummary; buying: boolean; busy: boolean; onBuyAgain(): void }) {
  const names = namesText(order.preview.names);
  return (
    <li className={styles.order}>
      {order.preview.image ? (
        <img className={styles.thumb} src={smallImage(order.preview.image)} alt="" width={72} height={72} loading="lazy" decoding="async" />
      ) : (
        <span className={styles.thumb} aria-hidden="true">
          <PackageIcon size={28} />
        </span>
      )}
      <div className={styles.main}>
        <h2 className={styles.number}>
          <Link to={`/orders/${order.orderNo}`} className={styles.link}>
            {order.orderNo}
          </Link>
        </h2>
        <p className={styles.names}>{names}</p>
        <p className={styles.date}>
          <time dateTime={new Date(order.createdAt).toISOString()} title={formatDateTime(order.createdAt)}>
            {formatDate(order.createdAt)}
          </time>
          {' · '}
          {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
        </p>
      </div>
      <div className={styles.side}>
        <OrderStatusBadge status={order.status} />
        <Price value={order.total} className={styles.total} />
      </div>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={onBuyAgain} disabled={busy} aria-label={buying ? undefined : `Buy again: ${names}`}>
          <RepeatIcon size={16} />
          {buying ? 'Adding…' : 'Buy again'}
        </Button>
        {isPaidStatus(order.status) && (
          <ButtonLink size="sm" variant="ghost" to={`/orders/${order.orderNo}/receipt`} aria-label={`Receipt for order ${order.orderNo}`}>
            <PrinterIcon size={16} />
            Receipt
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
