import { MAX_LINE_QTY } from '@parmeta/contracts';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink, CartIcon, EmptyState, PageHeader, Panel, SuccessNotice } from '@/components/ui';
import { Price } from '@/components/ui/price';
import { useSessionStore } from '@/lib/session-store';
import { useCartLines } from '../api/use-cart-lines';
import { CartLine } from '../components/cart-line';
import { readArrival } from '../model/arrival';
import { CART_FINE_PRINT, cartDescription } from '../model/cart-text';
import { FreeShipping } from '../components/free-shipping';
import { checkoutBlocker, estimatedSubtotal, type CartLineView } from '../model/cart-lines';
import styles from './cart-page.module.css';

type Removed = { id: string; qty: number; name: string };

const nameOf = (line: CartLineView) => (line.status === 'ready' ? line.product.name : 'The unavailable product');

export default function CartPage() {
  const { lines, refetch } = useCartLines(MAX_LINE_QTY);
  const setCartQty = useSessionStore((s) => s.setCartQty);
  const discountPercent = useSessionStore((s) => s.user?.memberProgress.discountPercent ?? 0);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const arrival = readArrival(useLocation().state);
  const arrived = arrival && (
    <div className={styles.arrival}>
      <SuccessNotice message={arrival.notice} />
      {arrival.notes.length > 0 && (
        <ul className={styles.notes} aria-label="Not added">
          {arrival.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );

  const change = (line: CartLineView, qty: number) => {
    setCartQty(line.id, qty);
    setRemoved(qty < 1 ? { id: line.id, qty: line.qty, name: nameOf(line) } : null);
  };

  const undo = removed && (
    <div className={styles.undo}>
      <span>{removed.name} was removed from your cart.</span>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setCartQty(removed.id, removed.qty);
          setRemoved(null);
        }}
      >
        Undo
      </Button>
    </div>
  );

  if (lines.length === 0) {
    return (
      <>
        <PageHeader title="Your cart" />
        {arrived}
        <div role="status">{undo}</div>
        <EmptyState
          title="Your cart is empty"
          icon={<CartIcon />}
          action={
            <ButtonLink to="/shop" variant="primary">
              Browse the shop
            </ButtonLink>
          }
        >
          Products you add from the shop wait for you here, even after you close the browser or sign in on another device.
        </EmptyState>
      </>
    );
  }

  const items = lines.reduce((sum, line) => sum + line.qty, 0);
  const blocker = checkoutBlocker(lines);
  const checking = lines.some((l) => l.status === 'loading');
  return (
    <>
      <PageHeader title="Your cart" description={cartDescription(items)} />
      {arrived}
      <div className="cart-layout">
        <Panel title="Products">
          <div role="status">{undo}</div>
          <ul className="cart-list">
            {lines.map((line) => (
              <CartLine key={line.id} line={line} onQty={(qty) => change(line, qty)} onRemove={() => change(line, 0)} />
            ))}
          </ul>
          {lines.some((l) => l.status === 'error') && (
            <Button variant="secondary" size="sm" onClick={refetch}>
              Check again
            </Button>
          )}
        </Panel>

        <Panel title="Summary" className="cart-summary">
          <dl className="cart-totals">
            <div>
              <dt>Items</dt>
              <dd>{items}</dd>
            </div>
            <div className="cart-subtotal">
              <dt>Estimated subtotal</dt>
              <dd aria-busy={checking || undefined}>{checking ? '…' : <Price value={estimatedSubtotal(lines)} />}</dd>
            </div>
          </dl>
          <FreeShipping subtotal={checking ? null : estimatedSubtotal(lines)} discountPercent={discountPercent} />
          <p className="cart-fine">{CART_FINE_PRINT}</p>
          {blocker && (
            <p className={styles.blocker} id="checkout-blocked">
              {blocker}
            </p>
          )}
          <div className={styles.checkout}>
            <CheckoutButton blocked={Boolean(blocker)} />
          </div>
          <ButtonLink to="/shop" variant="ghost" block>
            Continue shopping
          </ButtonLink>
        </Panel>

        {/* Phones: the subtotal and Checkout stay above the bottom navigation while the list
            scrolls, and settle under the summary at its end. Wider screens keep the summary itself in view. */}
        <div className={styles.checkoutBar}>
          <p className={styles.barTotal}>
            <span>Estimated subtotal</span>
            <strong aria-busy={checking || undefined}>{checking ? '…' : <Price value={estimatedSubtotal(lines)} />}</strong>
          </p>
          <CheckoutButton blocked={Boolean(blocker)} />
        </div>
      </div>
    </>
  );
}

/** Checkout, or the same button disabled with the reason (shown above it) while the cart cannot be checked out. */
function CheckoutButton({ blocked }: { blocked: boolean }): ReactNode {
  return blocked ? (
    <Button size="lg" block disabled aria-describedby="checkout-blocked">
      Checkout
    </Button>
  ) : (
    <ButtonLink to="/checkout" size="lg" block>
      Checkout
    </ButtonLink>
  );
}
