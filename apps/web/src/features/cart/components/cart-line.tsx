import { useId } from 'react';
import { Button, Link, Skeleton, TrashIcon } from '@/components/ui';
import { ImageIcon } from '@/components/ui/commerce-icons';
import { Price } from '@/components/ui/price';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { StockLabel } from '@/components/ui/stock-label';
import { lineTotal, type CartLineView } from '../model/cart-lines';
import styles from './cart-line.module.css';

interface CartLineProps {
  line: CartLineView;
  /** The original's rule: a quantity below 1 removes the line. */
  onQty(qty: number): void;
  onRemove(): void;
}

export function CartLine({ line, onQty, onRemove }: CartLineProps) {
  const noteId = useId();
  if (line.status === 'loading') {
    return (
      <li className="cart-line" aria-hidden="true">
        {/* The image's box (88 px, 72 on a phone), so the line is as tall as it will be. page.html's
            early script draws the same placeholder (boot/early-cart.ts): keep the two alike. */}
        <span className="cart-thumb">
          <Skeleton height="100%" />
        </span>
        <div className="cart-info">
          <Skeleton width="60%" height={18} />
          <Skeleton width="30%" height={14} />
        </div>
        <Skeleton className="cart-controls-skeleton" width={132} height={42} />
      </li>
    );
  }

  if (line.status !== 'ready') {
    const message = line.status === 'missing' ? 'This product is no longer available.' : 'We could not check this product just now.';
    return (
      <li className={`cart-line ${styles.unavailable}`}>
        <div className={`cart-thumb ${styles.noImage}`} aria-hidden="true">
          <ImageIcon />
        </div>
        <div className="cart-info">
          <p className={styles.name}>{line.status === 'missing' ? 'Unavailable product' : 'Product'}</p>
          <p className={styles.warning}>{message}</p>
        </div>
        <div className={styles.controls}>
          <Button variant="secondary" size="sm" onClick={onRemove}>
            <TrashIcon size={16} />
            Remove
          </Button>
        </div>
      </li>
    );
  }

  const { product, qty, limit, problem, variant } = line;
  const title = variant ? `${product.name} (${variant})` : product.name;
  const note =
    problem === 'sold_out'
      ? 'Out of stock now. Remove it to check out.'
      : problem === 'too_many'
        ? `Only ${limit} ${limit === 1 ? 'is' : 'are'} available. Lower the quantity to check out.`
        : null;
  return (
    <li className="cart-line">
      <Link to={`/product/${product.id}`} className={styles.thumbLink} tabIndex={-1} aria-hidden="true">
        <img className="cart-thumb" src={product.image} alt="" width={88} height={88} loading="lazy" decoding="async" />
      </Link>
      <div className="cart-info">
        <h3 className={styles.name}>
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </h3>
        {variant && <p className={styles.variant}>{variant}</p>}
        <p className={styles.unit}>
          <Price value={product.price} /> each
        </p>
        <StockLabel state={product.stockState} stock={product.stock} />
        {note && (
          <p id={noteId} className={styles.warning}>
            {note}
            {problem === 'too_many' && (
              <button type="button" className={styles.fix} onClick={() => onQty(limit)}>
                Change to {limit}
              </button>
            )}
          </p>
        )}
      </div>
      <div className={styles.controls}>
        {problem === 'sold_out' ? null : (
          <QuantityStepper
            label={`Quantity of ${title}`}
            value={qty}
            min={0}
            // Over the stock (it fell since the line was added), the quantity can only go down.
            max={Math.max(limit, qty)}
            onChange={onQty}
            invalid={problem !== null}
            describedBy={note ? noteId : undefined}
          />
        )}
        <Price value={lineTotal(product.price, qty)} className={styles.total} />
        <button type="button" className={styles.remove} onClick={onRemove} aria-label={`Remove ${title} from the cart`}>
          <TrashIcon size={18} />
          <span className={styles.removeText}>Remove</span>
        </button>
      </div>
    </li>
  );
}
