import { MAX_LINE_QTY, type OrderDetail } from '@parmeta/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink, CartIcon, EmptyState, PageHeader, Skeleton, SuccessNotice, ErrorNotice } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { CHECKOUT_HEAD } from '@/lib/page-heads';
import { useCartLines } from '@/features/cart';
import { isOrderNo, orderQueryOptions } from '@/features/orders';
import { failedWith } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { CartEstimate, OrderSummary } from '../components/order-summary';
import { useOrderPrice } from '../api/get-order-price';
import { usePayOrder } from '../api/use-pay-order';
import { orderMatchesCart } from '../model/order-match';
import styles from './checkout-page.module.css';

// The steps' forms, and the address and card fields they bring, load beside the page rather
// than before its first paint: the header and the cart show while they come (docs/decisions/0074).
const ShippingStep = lazy(() => import('../components/shipping-step').then((m) => ({ default: m.ShippingStep })));
const PaymentStep = lazy(() => import('../components/payment-step').then((m) => ({ default: m.PaymentStep })));

/**
 * A step's place while its form or the order loads: a title and `fields` label-and-box rows, about
 * the form's height, so the page's footer does not jump when the form comes.
 */
function StepSkeleton({ label, fields }: { label: string; fields: number }) {
  return (
    <div className={styles.loading} role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={28} width="40%" />
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className={styles.loadingField}>
          <Skeleton height={16} width="30%" />
          <Skeleton height={44} />
        </div>
      ))}
    </div>
  );
}

/**
 * Two steps. Shipping: the details are checked with the contract schema, then the order
 * is created (the server prices it and reserves the stock). Payment: the server's prices,
 * then par, a saved card or a new card. The order number stays in the cart slice while
 * paying, so a reload comes back to the payment step.
 */
export default function CheckoutPage() {
  const navigate = useNavigate();
  const list = useSessionStore((s) => s.cart.list);
  const orderNo = useSessionStore((s) => s.cart.orderNo);
  const setOrderNo = useSessionStore((s) => s.setOrderNo);
  const resetCart = useSessionStore((s) => s.resetCart);
  const { lines } = useCartLines(MAX_LINE_QTY);
  const existing = useQuery(orderQueryOptions(orderNo));
  const [editing, setEditing] = useState(false);
  const [paidOrder, setPaidOrder] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** What became of saving the typed address to the book, shown above the payment step. */
  const [placedNote, setPlacedNote] = useState<{ ok: boolean; text: string } | null>(null);
  const pay = usePayOrder();
  const paying = pay.isPending;

  const pending = existing.data?.status === 'pending_payment' ? existing.data : null;
  const current: OrderDetail | null = pending && orderMatchesCart(pending.lines, list) ? pending : null;
  const stale = pending && !current ? pending : null;
  const step = current && !editing ? 'payment' : 'shipping';
  const price = useOrderPrice(current?.orderNo ?? '');

  // An order number kept from an earlier visit that can no longer be paid: forget it.
  const done = existing.data && existing.data.status !== 'pending_payment' ? existing.data : null;
  const gone = orderNo !== '' && (!isOrderNo(orderNo) || failedWith(existing.error, 'NOT_FOUND') || failedWith(existing.error, 'FORBIDDEN'));
  useEffect(() => {
    // Paying right now: the payment's own success path takes the user on.
    if (paidOrder || paying) return;
    if (done?.status === 'paid' && orderMatchesCart(done.lines, list)) {
      // Paid, but the page closed before the cart was emptied.
      resetCart();
      void navigate(`/orders/${done.orderNo}`, { replace: true });
    } else if (done || gone) {
      if (done?.status === 'cancelled') setNotice('Your earlier order expired or was cancelled before it was paid. Check the details and continue to place it again.');
      setOrderNo('');
    }
  }, [done, gone, list, navigate, paidOrder, paying, resetCart, setOrderNo]);

  // Paid (or the payment just flipped the order to paid): on the way to the order's page.
  const paidNo = paidOrder ?? (pay.isPending && existing.data?.status === 'paid' ? existing.data.orderNo : null);
  if (paidNo) {
    return (
      <div className={styles.paid} role="status">
        <h1>Payment received</h1>
        <p>Opening your order {paidNo}…</p>
      </div>
    );
  }

  if (list.length === 0) {
    return (
      <>
        <PageHeader title={CHECKOUT_HEAD.title} />
        <EmptyState
          title="Your cart is empty"
          icon={<CartIcon />}
          action={
            <ButtonLink to="/shop" variant="primary">
              Browse the shop
            </ButtonLink>
          }
        >
          Add products to your cart, then come back here to pay.
        </EmptyState>
      </>
    );
  }

  const resuming = orderNo !== '' && existing.isPending && existing.fetchStatus !== 'idle';
  return (
    <>
      {/* Also painted before the page's code, from the HTML and the layout (lib/page-heads.ts). */}
      <BackLink to={CHECKOUT_HEAD.back.to}>{CHECKOUT_HEAD.back.label}</BackLink>
      <PageHeader title={CHECKOUT_HEAD.title} description={CHECKOUT_HEAD.description} />
      <ol className={styles.steps} aria-label="Checkout steps">
        <li aria-current={step === 'shipping' ? 'step' : undefined} className={step === 'payment' ? styles.doneStep : undefined}>
          <span className={styles.stepNo}>1</span> Shipping
        </li>
        <li aria-current={step === 'payment' ? 'step' : undefined}>
          <span className={styles.stepNo}>2</span> Payment
        </li>
      </ol>
      <div className={styles.layout}>
        <div className={styles.main}>
          <Suspense fallback={step === 'shipping' ? <StepSkeleton label="Loading the shipping form" fields={12} /> : <StepSkeleton label="Loading the payment form" fields={4} />}>
            {resuming ? (
              <StepSkeleton label="Loading your order" fields={4} />
            ) : step === 'shipping' ? (
              <ShippingStep
                lines={lines}
                current={current}
                stale={stale}
                notice={notice}
                onPlaced={(saved) => {
                  setNotice(null);
                  setPlacedNote(saved);
                  setEditing(false);
                }}
                onCancelEdit={current ? () => setEditing(false) : undefined}
              />
            ) : current ? (
              <>
                {placedNote && (placedNote.ok ? <SuccessNotice message={placedNote.text} /> : <ErrorNotice message={placedNote.text} />)}
                <PaymentStep
                  order={current}
                  total={price.data?.total}
                  onEditShipping={() => setEditing(true)}
                  pay={pay}
                  onPaid={(paid, cardNote) => {
                    // Paid: the cart is done with (shipping details stay for the next order).
                    setPaidOrder(paid.orderNo);
                    resetCart();
                    const notice = `Thank you! Your payment went through and your order is confirmed.${cardNote ? ` ${cardNote}` : ''}`;
                    void navigate(`/orders/${paid.orderNo}`, { replace: true, state: { notice } });
                  }}
                  onFailed={() => void existing.refetch()}
                />
              </>
            ) : null}
          </Suspense>
        </div>
        <aside className={styles.aside} aria-label="Order summary">
          {current && step === 'payment' ? <OrderSummary order={current} price={price.data} /> : <CartEstimate lines={lines} />}
        </aside>
      </div>
    </>
  );
}
