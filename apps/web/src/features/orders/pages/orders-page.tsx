import { Link, useSearchParams } from 'react-router';
import { ButtonLink, EmptyState, PageHeader, Skeleton, LoadError } from '@/components/ui';
import { PackageIcon } from '@/components/ui/commerce-icons';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from '../components/order-status-badge';
import { formatDate, formatDateTime } from '../model/order-status';
import styles from './orders-page.module.css';

const pageFrom = (text: string | null) => {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

export default function OrdersPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const orders = useOrders(page);
  const data = orders.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader title="Your orders" description="Every order you have placed, newest first. Open one for its details, tracking or to cancel it." />
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
          <ul className={orders.isPlaceholderData ? `${styles.list} ${styles.busy}` : styles.list} aria-busy={orders.isPlaceholderData || undefined}>
            {data.items.map((order) => (
              <li key={order.orderNo} className={styles.order}>
                <div className={styles.main}>
                  <h2 className={styles.number}>
                    <Link to={`/orders/${order.orderNo}`} className={styles.link}>
                      {order.orderNo}
                    </Link>
                  </h2>
                  <p className={styles.date}>
                    <time dateTime={new Date(order.createdAt).toISOString()} title={formatDateTime(order.createdAt)}>
                      {formatDate(order.createdAt)}
                    </time>
                    {' · '}
                    {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                  </p>
                </div>
                <OrderStatusBadge status={order.status} />
                <Price value={order.total} className={styles.total} />
              </li>
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

