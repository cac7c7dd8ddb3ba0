import type { OrderDetail } from '@parmeta/contracts';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button, ButtonLink, ConfirmDialog, EmptyState, ErrorNotice, PageHeader, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { PackageIcon, PrinterIcon, RepeatIcon } from '@/components/ui/commerce-icons';
import { OrderLines } from '@/components/ui/order-lines';
import { OrderTotals } from '@/components/ui/order-totals';
import { priceText } from '@/components/ui/price';
import { ShippingAddress } from '@/components/ui/shipping-address';
import { TrackingNumber } from '@/components/ui/tracking-number';
import { failedWith, failureMessage } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { useBuyAgain } from '../api/buy-again';
import { useCancelOrder } from '../api/cancel-order';
import { isOrderNo, useOrder } from '../api/get-order';
import { OrderStatusBadge } from '../components/order-status-badge';
import { StatusTimeline } from '../components/status-timeline';
import { cancelReasonText, canCancel, formatDateTime, hasReceipt } from '../model/order-status';
import styles from './order-detail-page.module.css';
import { groupDigits } from '@/lib/date-text';

/** What another page hands over when it opens an order, e.g. the checkout after paying. */
export interface OrderPageState {
  notice?: string;
}

const paidWith = (order: OrderDetail) =>
  !order.payment ? null : order.payment.method === 'par' ? 'your par balance' : order.payment.cardLast4 ? `your card ending ${order.payment.cardLast4}` : 'your card';

function cancelDescription(order: OrderDetail) {
  if (order.status === 'paid') return `The items go back to stock and ${priceText(order.price.total)} is refunded to ${paidWith(order) ?? 'where you paid from'}. This cannot be undone.`;
  return 'The items go back to stock. You have not been charged. This cannot be undone.';
}

function cancelledNotice(order: OrderDetail) {
  const amount = priceText(order.price.total);
  if (order.refund?.status === 'done') return `Your order is cancelled. ${amount} is refunded to ${paidWith(order)}.`;
  if (order.refund?.status === 'pending') return `Your order is cancelled. ${amount} is on its way back to ${paidWith(order)}: the refund has not gone through yet, and we keep trying.`;
  return 'Your order is cancelled.';
}

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const arrivedWith = (useLocation().state as OrderPageState | null)?.notice ?? null;
  const order = useOrder(orderNo);
  const cartOrderNo = useSessionStore((s) => s.cart.orderNo);
  const cancel = useCancelOrder();
  const buyAgain = useBuyAgain();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(arrivedWith);

  const back = <BackLink to="/orders">All orders</BackLink>;

  if (!isOrderNo(orderNo) || failedWith(order.error, 'NOT_FOUND') || failedWith(order.error, 'FORBIDDEN')) {
    return (
      <>
        {back}
        <PageHeader title="Order not found" />
        <EmptyState title="We could not find this order" icon={<PackageIcon />} action={<ButtonLink to="/orders">See your orders</ButtonLink>}>
          Check the order number, or open the order from your list of orders.
        </EmptyState>
      </>
    );
  }

  if (order.isError) {
    return (
      <>
        {back}
        <PageHeader title={`Order ${orderNo}`} />
        <LoadError what="this order" error={order.error} onRetry={() => void order.refetch()} />
      </>
    );
  }

  const o = order.data;
  const confirmCancel = () =>
    cancel.mutate(orderNo, {
      onSuccess: (cancelled) => {
        setConfirming(false);
        setNotice(cancelledNotice(cancelled));
      },
    });

  return (
    <>
      {back}
      <PageHeader
        title={`Order ${orderNo}`}
        description={o ? `Placed ${formatDateTime(o.createdAt)}` : undefined}
        actions={
          o && (
            <div className={styles.actions}>
              {o.status === 'pending_payment' && cartOrderNo === o.orderNo && <ButtonLink to="/checkout">Continue to payment</ButtonLink>}
              <Button variant="secondary" onClick={() => buyAgain.mutate(o.orderNo)} disabled={buyAgain.isPending}>
                <RepeatIcon size={18} />
                {buyAgain.isPending ? 'Adding…' : 'Buy again'}
              </Button>
              {hasReceipt(o) && (
                <ButtonLink variant="secondary" to={`/orders/${o.orderNo}/receipt`}>
                  <PrinterIcon size={18} />
                  Receipt
                </ButtonLink>
              )}
              {canCancel(o.status) && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    cancel.reset();
                    setConfirming(true);
                  }}
                >
                  Cancel order
                </Button>
              )}
            </div>
          )
        }
      />
      <SuccessNotice message={notice} className={styles.notice} />
      <ErrorNotice message={buyAgain.isError ? `Buy again did not work. ${failureMessage(buyAgain.error, { fieldsHint: false })}` : null} className={styles.notice} />

      {!o ? (
        <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading the order">
          <Skeleton height={320} />
          <Skeleton height={240} />
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.column}>
            <Panel title="Items" actions={<OrderStatusBadge status={o.status} />}>
              <OrderLines lines={o.lines} linkTo={(line) => `/product/${line.productId}`} />
              <OrderTotals price={o.price} />
            </Panel>
            <Panel title="Status">
              <StatusTimeline order={o} />
              {o.status === 'pending_payment' && o.expiresAt && <p className={styles.muted}>Unpaid orders are released at {formatDateTime(o.expiresAt)}.</p>}
              {o.status === 'cancelled' && cancelReasonText(o.cancelReason) && <p className={styles.muted}>{cancelReasonText(o.cancelReason)}</p>}
            </Panel>
          </div>
          <div className={styles.column}>
            <Panel title="Shipping">
              <ShippingAddress shipping={o.shipping} />
              {(o.carrier || o.trackingNo) && (
                <p className={styles.tracking}>
                  {o.carrier && <>Carrier: {o.carrier}. </>}
                  {o.trackingNo && (
                    <>
                      Tracking number: <TrackingNumber trackingNo={o.trackingNo} url={o.trackingUrl} />
                    </>
                  )}
                </p>
              )}
              {o.note && <p className={styles.note}>Note: {o.note}</p>}
            </Panel>
            <Panel title="Payment">
              {o.payment ? (
                <>
                  <p>Paid with {paidWith(o)}.</p>
                  {o.refund?.status === 'done' && o.refund.at && (
                    <p>
                      {priceText(o.price.total)} refunded to {paidWith(o)} on {formatDateTime(o.refund.at)}.
                    </p>
                  )}
                  {o.refund?.status === 'pending' && (
                    <p className={styles.pending}>
                      Refund of {priceText(o.price.total)} to {paidWith(o)}: on its way. The card network has not confirmed it yet; we keep trying, and this page shows it once it has gone through.
                    </p>
                  )}
                </>
              ) : (
                <p className={styles.muted}>{o.status === 'cancelled' ? 'Not paid: nothing was charged.' : 'Not paid yet.'}</p>
              )}
              {o.pointsAwarded > 0 && o.status !== 'cancelled' && (
                <p className={styles.points}>You earned {groupDigits(o.pointsAwarded)} premium points with this order.</p>
              )}
            </Panel>
          </div>
        </div>
      )}

      {confirming && o && (
        <ConfirmDialog
          title="Cancel this order?"
          description={cancelDescription(o)}
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          busyLabel="Cancelling…"
          busy={cancel.isPending}
          error={cancel.isError ? failureMessage(cancel.error) : null}
          onConfirm={confirmCancel}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
