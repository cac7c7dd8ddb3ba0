import { MAX_LINE_QTY, type ProductDetail } from '@parmeta/contracts';
import { useId, useState } from 'react';
import { Button, CartIcon, Link } from '@/components/ui';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Toast } from '@/components/ui/toast';
import { cartLineKey } from '@/lib/cart-key';
import { useSessionStore } from '@/lib/session-store';
import { addableQty, lineLimit } from '../model/cart-limit';
import styles from './add-to-cart.module.css';

interface AddToCartProps {
  product: ProductDetail;
  /** The variant chosen on the page (its line, name and stock); null for a product without options, or before the choice. */
  variant?: { id: number; label: string; stock: number } | null;
  /** The options still to choose ("size and colour"): nothing can be added until they are. */
  choose?: string | null;
}

/** Quantity and "Add to cart". The cart is the browser's (the original's rule): this only writes the store. */
export function AddToCart({ product, variant = null, choose = null }: AddToCartProps) {
  const id = cartLineKey(product.id, variant?.id);
  const stock = variant ? variant.stock : product.stock;
  const title = variant ? `${product.name} (${variant.label})` : product.name;
  const inCart = useSessionStore((s) => s.cart.list.find((line) => line.id === id)?.qty ?? 0);
  const setCartQty = useSessionStore((s) => s.setCartQty);
  const [qty, setQty] = useState(1);
  const [added, setAdded] = useState<{ text: string; id: number } | null>(null);
  const hintId = useId();

  const soldOut = variant ? variant.stock <= 0 : product.stock <= 0 || product.stockState === 'out_of_stock';
  const room = choose ? 0 : addableQty(stock, inCart, MAX_LINE_QTY);
  const chosen = Math.min(Math.max(qty, 1), Math.max(room, 1));

  const add = () => {
    if (room <= 0) return;
    setCartQty(id, inCart + chosen);
    setAdded((last) => ({ text: `Added ${chosen} × ${title} to your cart.`, id: (last?.id ?? 0) + 1 }));
    setQty(1);
  };

  const hint = choose
    ? `Choose the ${choose} first.`
    : soldOut
    ? variant ? 'This choice is sold out. Try another.' : 'This product is out of stock.'
    : room <= 0
      ? `Your cart already holds ${inCart}, the most you can order.`
      : inCart > 0
        ? `You have ${inCart} in your cart. You can add up to ${room} more.`
        : lineLimit(stock, MAX_LINE_QTY) < stock
          ? `Up to ${MAX_LINE_QTY} per order.`
          : null;

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <QuantityStepper label="Quantity" showLabel value={chosen} min={1} max={Math.max(room, 1)} onChange={setQty} disabled={room <= 0} describedBy={hint ? hintId : undefined} />
        <Button size="lg" className={styles.add} onClick={add} disabled={room <= 0}>
          <CartIcon size={20} />
          {choose ? `Choose ${choose}` : soldOut ? 'Out of stock' : 'Add to cart'}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {/* A toast, so a phone shows it above the bottom navigation whatever the scroll. */}
      <Toast message={added?.text ?? null} id={added?.id ?? 0} action={<Link to="/cart">View cart</Link>} />
    </div>
  );
}
