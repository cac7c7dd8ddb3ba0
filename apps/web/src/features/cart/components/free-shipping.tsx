import { formatMoney, toMinor } from '@parmeta/contracts';
import { useServerCart } from '../api/server-cart';
import { freeShippingGap } from '../model/cart-changes';
import styles from './free-shipping.module.css';

interface FreeShippingProps {
  /** The estimated subtotal (major units) before the member's discount. */
  subtotal: number;
  discountPercent: number;
}

/**
 * How far the cart is from free shipping, as the checkout will price it (the threshold applies
 * after the member's discount). The rule comes with the server's cart; nothing shows until then.
 */
export function FreeShipping({ subtotal, discountPercent }: FreeShippingProps) {
  const cart = useServerCart();
  const rule = cart.data?.shipping;
  if (!rule) return null;
  const { leftMinor, ratio } = freeShippingGap(toMinor(subtotal), discountPercent, toMinor(rule.freeFrom));
  const threshold = formatMoney(toMinor(rule.freeFrom));
  return (
    <div className={styles.box}>
      <p className={styles.text}>
        {leftMinor === 0 ? (
          <strong>Your order ships free.</strong>
        ) : (
          <>
            Add <strong>{formatMoney(leftMinor)} par</strong> more for free shipping (from {threshold} par; otherwise {formatMoney(toMinor(rule.fee))} par).
          </>
        )}
      </p>
      <div className={styles.track} role="progressbar" aria-label="Progress to free shipping" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(ratio * 100)} aria-valuetext={leftMinor === 0 ? 'Free shipping reached' : `${formatMoney(leftMinor)} par to go`}>
        <div className={styles.fill} style={{ transform: `scaleX(${ratio})` }} />
      </div>
    </div>
  );
}
