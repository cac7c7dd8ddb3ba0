import type { ReactNode } from 'react';
import { Price } from './price';
import { Skeleton } from './skeleton';
import styles from './order-totals.module.css';

/** Amounts under a rule, each a label on the left and its amount on the right. */
export function TotalsList({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <dl className={styles.totals} aria-busy={busy || undefined}>
      {children}
    </dl>
  );
}

/** One amount of a TotalsList; `grand` for the larger last one, what is paid. */
export function TotalsRow({ label, grand = false, children }: { label: string; grand?: boolean; children: ReactNode }) {
  return (
    <div className={grand ? styles.grand : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export interface OrderTotalsProps {
  /** undefined while the prices load: placeholders stand in for the amounts. */
  price: { subtotal: number; discount: number; shipping: number; total: number; promo?: { code: string; discount: number } | undefined } | undefined;
}

/** An order's subtotal, member discount and promo code (when there are), shipping and total. */
export function OrderTotals({ price }: OrderTotalsProps) {
  const amount = (value: number | undefined) => (value === undefined ? <Skeleton width={72} height={18} /> : <Price value={value} />);
  // `discount` is every discount; the code's part is named on a row of its own (docs/decisions/0051).
  const member = price === undefined ? 0 : Math.round((price.discount - (price.promo?.discount ?? 0)) * 100) / 100;
  return (
    <TotalsList busy={price === undefined}>
      <TotalsRow label="Subtotal">{amount(price?.subtotal)}</TotalsRow>
      {member !== 0 && (
        <TotalsRow label="Member discount">
          −<Price value={member} />
        </TotalsRow>
      )}
      {price?.promo && (
        <TotalsRow label={`Code ${price.promo.code}`}>
          −<Price value={price.promo.discount} />
        </TotalsRow>
      )}
      <TotalsRow label="Shipping">{price?.shipping === 0 ? 'Free' : amount(price?.shipping)}</TotalsRow>
      <TotalsRow label="Total" grand>
        {price === undefined ? <Skeleton width={96} height={22} /> : <Price value={price.total} />}
      </TotalsRow>
    </TotalsList>
  );
}
