import { formatMoney, toMinor } from '@parmeta/contracts';
import { PendingAs } from '@/components/ui/pending-as';
import { useServerCart } from '../api/server-cart';
import { freeShippingGap } from '../model/cart-changes';

interface FreeShippingProps {
  /** The estimated subtotal (major units) before the member's discount; null while the lines are checked. */
  subtotal: number | null;
  discountPercent: number;
}

/**
 * While the rule or the subtotal is unknown: a box of the usual message's size (two lines on a
 * phone), so the summary's text and Checkout below it stay put when it arrives (CLS 0.02 on /cart).
 * page.html's early script draws the same box (boot/early-cart.ts).
 */
export function FreeShippingPending() {
  return (
    <PendingAs label="Checking free shipping">
      <Gap leftMinor={1} ratio={0} threshold="50.00" fee="4.99" />
    </PendingAs>
  );
}

const pending = <FreeShippingPending />;

/**
 * How far the cart is from free shipping, as the checkout will price it (the threshold applies
 * after the member's discount). The rule comes with the server's cart; nothing shows until then.
 */
export function FreeShipping({ subtotal, discountPercent }: FreeShippingProps) {
  const cart = useServerCart();
  const rule = cart.data?.shipping;
  // Failed, or not asked (no signed-in user): nothing to say.
  if (cart.isError || (cart.isPending && cart.fetchStatus === 'idle')) return null;
  if (!rule || subtotal === null) return pending;
  const { leftMinor, ratio } = freeShippingGap(toMinor(subtotal), discountPercent, toMinor(rule.freeFrom));
  return <Gap leftMinor={leftMinor} ratio={ratio} threshold={formatMoney(toMinor(rule.freeFrom))} fee={formatMoney(toMinor(rule.fee))} />;
}

function Gap({ leftMinor, ratio, threshold, fee }: { leftMinor: number; ratio: number; threshold: string; fee: string }) {
  return (
    <div className="free-shipping">
      <p className="free-shipping-text">
        {leftMinor === 0 ? (
          <strong>Your order ships free.</strong>
        ) : (
          <>
            Add <strong>{formatMoney(leftMinor)} par</strong> more for free shipping (from {threshold} par; otherwise {fee} par).
          </>
        )}
      </p>
      <div className="free-shipping-track" role="progressbar" aria-label="Progress to free shipping" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(ratio * 100)} aria-valuetext={leftMinor === 0 ? 'Free shipping reached' : `${formatMoney(leftMinor)} par to go`}>
        <div className="free-shipping-fill" style={{ transform: `scaleX(${ratio})` }} />
      </div>
    </div>
  );
}
