import type { OrderDetail } from '@parmeta/contracts';
import { Panel, Skeleton } from '@/components/ui';
import { OrderTotals, TotalsList, TotalsRow, type OrderTotalsProps } from '@/components/ui/order-totals';
import { Price } from '@/components/ui/price';
import { estimatedSubtotal, lineTotal, type CartLineView } from '@/features/cart';
import styles from './order-summary.module.css';

interface Line {
  key: string;
  name: string;
  image: string;
  qty: number;
  /** null: not counted (e.g. out of stock now). */
  total: number | null;
  /** A stock problem to fix in the cart. */
  note?: string | undefined;
}

function Lines({ lines }: { lines: readonly Line[] }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.key} className={styles.line}>
          <span className={styles.thumb}>
            <img src={line.image} alt="" width={56} height={56} loading="lazy" decoding="async" />
            <span className={styles.qty} aria-hidden="true">
              {line.qty}
            </span>
          </span>
          <span className={styles.name}>
            {line.name}
            <span className="sr-only">, quantity {line.qty}</span>
            {line.note && <span className={styles.note}>{line.note}</span>}
          </span>
          {line.total === null ? <span className={styles.amount}>—</span> : <Price value={line.total} className={styles.amount} />}
        </li>
      ))}
    </ul>
  );
}

/** Before the order exists: the cart with the browser's estimate, said to be one. */
export function CartEstimate({ lines }: { lines: readonly CartLineView[] }) {
  const ready = lines.flatMap((l) =>
    l.status === 'ready'
      ? [
          {
            key: l.id,
            name: l.variant ? `${l.product.name} (${l.variant})` : l.product.name,
            image: l.product.image,
            qty: l.qty,
            total: l.problem === 'sold_out' ? null : lineTotal(l.product.price, l.qty),
            note: l.problem === 'sold_out' ? 'Out of stock now' : l.problem === 'too_many' ? `Only ${l.limit} left` : undefined,
          },
        ]
      : [],
  );
  const loading = ready.length < lines.length;
  return (
    <Panel title="Order summary" className={styles.panel}>
      {loading ? <Skeleton height={56 * Math.max(1, lines.length)} /> : <Lines lines={ready} />}
      <TotalsList>
        <TotalsRow label="Estimated subtotal" grand>
          {loading ? '…' : <Price value={estimatedSubtotal(lines)} />}
        </TotalsRow>
      </TotalsList>
      <p className={styles.fine}>The final prices, your member discount and shipping come from the shop when you continue to payment.</p>
    </Panel>
  );
}

interface OrderSummaryProps {
  order: OrderDetail;
  /** GetPriceOrder's answer; undefined while it loads. */
  price: OrderTotalsProps['price'];
}

/** Once the order exists: its lines and the prices the server computed. */
export function OrderSummary({ order, price }: OrderSummaryProps) {
  const lines = order.lines.map((l) => ({ key: `${l.productId}:${l.variantId ?? 0}`, name: l.variant ? `${l.name} (${l.variant})` : l.name, image: l.image, qty: l.qty, total: l.lineTotal }));
  return (
    <Panel title="Order summary" description={`Order ${order.orderNo}`} className={styles.panel}>
      <Lines lines={lines} />
      <OrderTotals price={price} />
    </Panel>
  );
}
