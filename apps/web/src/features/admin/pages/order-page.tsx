import type { OrderDetail } from '@parmeta/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink, ConfirmDialog, EmptyState, PageHeader, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { OrderLines } from '@/components/ui/order-lines';
import { OrderTotals } from '@/components/ui/order-totals';
import { Price, priceText } from '@/components/ui/price';
import { ShippingAddress } from '@/components/ui/shipping-address';
import { TrackingNumber } from '@/components/ui/tracking-number';
import { failedWith, failureMessage } from '@/lib/call-api';
import { useAdminOrder, useOrderAction } from '../api/orders';
import { ShipDialog } from '../components/ship-dialog';
import { OrderStatusPill } from '../components/status-pill';
import { formatDateTime, isoDate } from '../model/format';
import { orderActions, ORDER_STATUS_LABELS } from '../model/order-actions';
import shared from '../components/admin.module.css';
import styles from './order-page.module.css';
import { groupDigits } from '@/lib/date-text';

type Pending = 'ship' | 'deliver' | 'cancel' | null;

const paidWith = (o: OrderDetail) => (!o.payment ? null : o.payment.method === 'par' ? 'par balance' : o.payment.cardLast4 ? `card ending ${o.payment.cardLast4}` : 'card');

export default function AdminOrderPage() {
  const { orderNo = '' } = useParams();
  const order = useAdminOrder(orderNo);
  const action = useOrderAction();
  const [open, setOpen] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const back = <BackLink to="/admin/orders">All orders</BackLink>;

  if (failedWith(order.error, 'NOT_FOUND') || orderNo.length < 5) {
    return (
      <>
        {back}
        <PageHeader title="Order not found" documentTitle="Admin · Order not found" />
        <EmptyState title="There is no order with this number" action={<ButtonLink to="/admin/orders">See all orders</ButtonLink>}>
          Check the order number, or find the order in the list.
        </EmptyState>
      </>
    );
  }

  const o = order.data;
  const allowed = o ? orderActions(o.status) : null;
  const begin = (which: Pending) => {
    action.reset();
    setNotice(null);
    setOpen(which);
  };
  const done = (message: string) => () => {
    setOpen(null);
    setNotice(message);
  };

  return (
    <>
      {back}
      <PageHeader
        title={`Order ${orderNo}`}
        documentTitle={`Admin · Order ${orderNo}`}
        description={o ? `Placed ${formatDateTime(o.createdAt)} by ${o.userId}` : undefined}
        actions={
          allowed && (
            <div className={shared.rowActions}>
              {allowed.ship && <Button onClick={() => begin('ship')}>Ship order</Button>}
              {allowed.deliver && <Button onClick={() => begin('deliver')}>Mark delivered</Button>}
              {allowed.cancel && (
                <Button variant="secondary" onClick={() => begin('cancel')}>
                  Cancel order
                </Button>
              )}
            </div>
          )
        }
      />
      <SuccessNotice message={notice} className={shared.notice} />

      {order.isError && !o ? (
        <LoadError what="this order" error={order.error} onRetry={() => void order.refetch()} />
      ) : !o ? (
        <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading the order">
          <Skeleton height={320} />
          <Skeleton height={320} />
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.column}>
            <Panel title="Items" actions={<OrderStatusPill status={o.status} />}>
              <OrderLines lines={o.lines} linkTo={(line) => `/admin/products/${line.productId}`} thumbSize={56} nameClassName={shared.itemName} detailClassName={shared.sub} />
              <OrderTotals price={o.price} />
            </Panel>
            <Panel title="History">
              <ol className={styles.history}>
                {[...o.history]
                  .sort((a, b) => a.at - b.at)
                  .map((h) => (
                    <li key={`${h.status}-${h.at}`}>
                      <strong>{ORDER_STATUS_LABELS[h.status]}</strong>
                      <time dateTime={isoDate(h.at)} className={shared.sub}>
                        {formatDateTime(h.at)}
                      </time>
                    </li>
                  ))}
              </ol>
              {o.status === 'pending_payment' && o.expiresAt && <p className={shared.sub}>Released unpaid at {formatDateTime(o.expiresAt)}.</p>}
            </Panel>
          </div>
          <div className={styles.column}>
            <Panel title="Shipping">
              <ShippingAddress shipping={o.shipping} contactClassName={shared.sub} />
              {o.carrier || o.trackingNo ? (
                <dl className={styles.facts}>
                  {o.carrier && (
                    <div>
                      <dt>Carrier</dt>
                      <dd>{o.carrier}</dd>
                    </div>
                  )}
                  {o.trackingNo && (
                    <div>
                      <dt>Tracking number</dt>
                      <dd className={shared.mono}>
                        <TrackingNumber trackingNo={o.trackingNo} url={o.trackingUrl} />
                      </dd>
                    </div>
                  )}
                </dl>
              ) : (
                <p className={shared.sub}>Not shipped yet.</p>
              )}
              {o.note && <p className={styles.note}>Customer’s note: {o.note}</p>}
            </Panel>
            <Panel title="Payment">
              {o.payment ? (
                <p>
                  Paid <Price value={o.price.total} /> with {paidWith(o)}.
                  {o.refund?.status === 'done' && o.refund.at && ` Refunded ${formatDateTime(o.refund.at)}.`}
                  {o.refund?.status === 'pending' && ' Refund owed: the gateway has not confirmed it yet, and housekeeping retries it.'}
                </p>
              ) : (
                <p className={shared.sub}>{o.status === 'cancelled' ? 'Never paid: nothing was charged.' : 'Not paid yet.'}</p>
              )}
              {o.pointsAwarded > 0 && <p className={shared.sub}>{groupDigits(o.pointsAwarded)} premium points awarded{o.status === 'cancelled' ? ', taken back on cancellation' : ''}.</p>}
            </Panel>
          </div>
        </div>
      )}

      {open === 'ship' && o && (
        <ShipDialog
          orderNo={o.orderNo}
          email={o.shipping.shipping_email}
          busy={action.isPending}
          error={action.error}
          onClose={() => setOpen(null)}
          onShip={(carrier, trackingNo) =>
            action.mutate({ action: 'ship', orderNo: o.orderNo, carrier, trackingNo }, { onSuccess: done(`Order ${o.orderNo} is shipped. ${o.shipping.shipping_email} has been mailed the tracking number.`) })
          }
        />
      )}
      {open === 'deliver' && o && (
        <ConfirmDialog
          title="Mark this order delivered?"
          description={`Confirm that ${o.shipping.shipping_name} has received order ${o.orderNo}.`}
          confirmLabel="Mark delivered"
          busyLabel="Saving…"
          destructive={false}
          busy={action.isPending}
          error={action.isError ? failureMessage(action.error) : null}
          onCancel={() => setOpen(null)}
          onConfirm={() => action.mutate({ action: 'deliver', orderNo: o.orderNo }, { onSuccess: done(`Order ${o.orderNo} is delivered.`) })}
        />
      )}
      {open === 'cancel' && o && (
        <ConfirmDialog
          title="Cancel this order?"
          description={
            o.status === 'paid'
              ? `The items go back to stock and ${priceText(o.price.total)} is refunded to the customer’s ${paidWith(o) ?? 'payment method'}. This cannot be undone.`
              : 'The items go back to stock. The customer has not paid. This cannot be undone.'
          }
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          busyLabel="Cancelling…"
          busy={action.isPending}
          error={action.isError ? failureMessage(action.error) : null}
          onCancel={() => setOpen(null)}
          onConfirm={() => action.mutate({ action: 'cancel', orderNo: o.orderNo }, { onSuccess: done(`Order ${o.orderNo} is cancelled${o.status === 'paid' ? ' and refunded' : ''}.`) })}
        />
      )}
    </>
  );
}
