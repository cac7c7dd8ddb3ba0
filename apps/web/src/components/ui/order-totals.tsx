import { Price } from './price';
import styles from './order-totals.module.css';

export interface OrderTotalsProps {
  price: { subtotal: number; discount: number; shipping: number; total: number };
}

/** An order's subtotal, member discount (when there is one), shipping and total. */
export function OrderTotals({ price }: OrderTotalsProps) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>Subtotal</dt>
        <dd>
          <Price value={price.subtotal} />
        </dd>
      </div>
      {price.discount !== 0 && (
        <div>
          <dt>Member discount</dt>
          <dd>
            −<Price value={price.discount} />
          </dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>{price.shipping === 0 ? 'Free' : <Price value={price.shipping} />}</dd>
      </div>
      <div className={styles.grand}>
        <dt>Total</dt>
        <dd>
          <Price value={price.total} />
        </dd>
      </div>
    </dl>
  );
}
