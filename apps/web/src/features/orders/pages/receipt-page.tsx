import { PRODUCT_NAME, type OrderDetail } from '@parmeta/contracts';
import { useParams } from 'react-router';
import { Button, EmptyState, LoadError, PageHeader, Skeleton } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { PackageIcon, PrinterIcon } from '@/components/ui/commerce-icons';
import { OrderTotals } from '@/components/ui/order-totals';
import { Price, priceText } from '@/components/ui/price';
import { ShippingAddress } from '@/components/ui/shipping-address';
import { failedWith } from '@/lib/call-api';
import { usePageTitle } from '@/lib/page-title';
import { isOrderNo, useOrder } from '../api/get-order';
import { formatDateTime, hasReceipt, paidAt } from '../model/order-status';
import styles from './receipt-page.module.css';

const paymentText = (order: OrderDetail) =>
  order.payment?.method === 'card' ? (order.payment.cardLast4 ? `Card ending ${order.payment.cardLast4}` : 'Card') : 'Par balance';

/**
 * The receipt of a paid order, laid out for the screen and for paper: printing it (the button,
 * or the browser's own Print) leaves out the app around it and the controls (print-hidden).
 */
export default function ReceiptPage() {
  const { orderNo = '' } = useParams();
  const order = useOrder(orderNo);
  const o = order.data;
  usePageTitle(`Receipt ${orderNo}`);
  const back = (
    <div className="print-hidden">
      <BackLink to={`/orders/${orderNo}`}>Order {orderNo}</BackLink>
    </div>
  );

  if (!isOrderNo(orderNo) || failedWith(order.error, 'NOT_FOUND') || failedWith(order.error, 'FORBIDDEN')) {
    return (
      <>
        <PageHeader title="Receipt not found" />
        <EmptyState title="We could not find this order" icon={<PackageIcon />}>
          Open the receipt from the order, in your list of orders.
        </EmptyState>
      </>
    );
  }
  if (order.isError) {
    return (
      <>
        {back}
        <PageHeader title={`Receipt ${orderNo}`} />
        <LoadError what="this receipt" error={order.error} onRetry={() => void order.refetch()} />
      </>
    );
  }
  if (!o) {
    return (
      <>
        {back}
        <div className={styles.receipt} role="status" aria-busy="true" aria-label="Loading the receipt">
          <Skeleton width="40%" height={32} />
          <Skeleton height={120} />
          <Skeleton height={200} />
        </div>
      </>
    );
  }
  if (!hasReceipt(o)) {
    return (
      <>
        {back}
        <PageHeader title={`Receipt ${orderNo}`} />
        <EmptyState title="No receipt yet" icon={<PackageIcon />}>
          {o.status === 'cancelled' ? 'This order was cancelled before it was paid: nothing was charged, so there is no receipt.' : 'A receipt is ready as soon as this order is paid.'}
        </EmptyState>
      </>
    );
  }

  const paid = paidAt(o);
  return (
    <>
      {back}
      <article className={styles.receipt} aria-labelledby="receipt-title">
        <header className={styles.head}>
          <div className={styles.seller}>
            <img src="/favicon.svg" width={40} height={40} alt="" />
            <div>
              <p className={styles.shop}>{PRODUCT_NAME}</p>
              <p className={styles.small}>Online shop and NFT marketplace</p>
            </div>
          </div>
          <div className={styles.title}>
            <h1 id="receipt-title">Receipt</h1>
            <Button variant="secondary" size="sm" className="print-hidden" onClick={() => window.print()}>
              <PrinterIcon size={16} />
              Print
            </Button>
          </div>
        </header>

        <dl className={styles.facts}>
          <div>
            <dt>Receipt number</dt>
            <dd className={styles.mono}>{o.orderNo}</dd>
          </div>
          <div>
            <dt>Order placed</dt>
            <dd>{formatDateTime(o.createdAt)}</dd>
          </div>
          {paid !== null && (
            <div>
              <dt>Paid</dt>
              <dd>{formatDateTime(paid)}</dd>
            </div>
          )}
          <div>
            <dt>Paid with</dt>
            <dd>{paymentText(o)}</dd>
          </div>
        </dl>

        <section className={styles.party} aria-labelledby="receipt-billed">
          <h2 id="receipt-billed">Billed and shipped to</h2>
          <ShippingAddress shipping={o.shipping} />
        </section>

        <table className={styles.lines}>
          <caption className="sr-only">Items of order {o.orderNo}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className={styles.num}>
                Qty
              </th>
              <th scope="col" className={styles.num}>
                Unit price
              </th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((line) => (
              <tr key={`${line.productId}:${line.variantId ?? 0}`}>
                <td>
                  {line.name}
                  {line.variant && (
                    <>
                      <br />
                      <small>
                        {line.variant}
                        {line.sku && ` · SKU ${line.sku}`}
                      </small>
                    </>
                  )}
                </td>
                <td className={styles.num}>{line.qty}</td>
                <td className={styles.num}>
                  <Price value={line.unitPrice} />
                </td>
                <td className={styles.num}>
                  <Price value={line.lineTotal} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <div className={styles.totals}>
          <OrderTotals price={o.price} />
        </div>

        {o.status === 'cancelled' && (
          <p className={styles.refund}>
            {o.refund?.status === 'done' && o.refund.at
              ? `Cancelled and refunded: ${priceText(o.price.total)} went back to your ${o.payment?.method === 'card' ? 'card' : 'par balance'} on ${formatDateTime(o.refund.at)}.`
              : `Cancelled: the refund of ${priceText(o.price.total)} to your card is on its way.`}
          </p>
        )}

        <footer className={styles.foot}>
          <p>Prices are in par, the shop’s credit: 1 par is worth 1 USD.</p>
          <p>Thank you for shopping with {PRODUCT_NAME}.</p>
        </footer>
      </article>
    </>
  );
}
