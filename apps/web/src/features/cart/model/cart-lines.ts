import type { ProductDetail } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts';

/** A cart line of the store joined with what the shop says about its product now. */
export type CartLineView =
  | { id: string; qty: number; status: 'loading' }
  /** Removed from the catalog (or never a product): it can only be taken out of the cart. */
  | { id: string; qty: number; status: 'missing' }
  | { id: string; qty: number; status: 'error'; error: unknown }
  | { id: string; qty: number; status: 'ready'; product: ProductDetail; limit: number; problem: 'sold_out' | 'too_many' | null };

interface ProductLookup {
  data?: ProductDetail | undefined;
  isPending: boolean;
  error: unknown;
  /** True when the shop answered that the product does not exist. */
  missing: boolean;
}

export function cartLineView(line: { id: string; qty: number }, lookup: ProductLookup, limitOf: (stock: number) => number): CartLineView {
  const { id, qty } = line;
  if (!/^\d{1,15}$/.test(id) || lookup.missing) return { id, qty, status: 'missing' };
  if (lookup.data) {
    const product = lookup.data;
    const limit = limitOf(product.stock);
    const problem = limit <= 0 ? 'sold_out' : qty > limit ? 'too_many' : null;
    return { id, qty, status: 'ready', product, limit, problem };
  }
  if (lookup.error) return { id, qty, status: 'error', error: lookup.error };
  return { id, qty, status: 'loading' };
}

/** Unit price × quantity, in minor units so 3 × 0.10 is 0.30 and not 0.30000000000000004. */
export const lineTotal = (price: number, qty: number) => fromMinor(toMinor(price) * qty);

/**
 * The subtotal as the browser can estimate it from the prices shown: the server prices the
 * order again at checkout (and adds discount and shipping). Summed in minor units.
 */
export function estimatedSubtotal(lines: readonly CartLineView[]): number {
  let minor = 0;
  for (const line of lines) if (line.status === 'ready' && line.problem !== 'sold_out') minor += toMinor(line.product.price) * line.qty;
  return fromMinor(minor);
}

/** Why the cart cannot go to checkout yet, in the user's words; null when it can. */
export function checkoutBlocker(lines: readonly CartLineView[]): string | null {
  if (lines.length === 0) return 'Your cart is empty.';
  if (lines.some((l) => l.status === 'loading')) return 'Checking prices and stock…';
  if (lines.some((l) => l.status === 'error')) return 'Some products could not be checked. Try again in a moment.';
  if (lines.some((l) => l.status === 'missing')) return 'Remove the products that are no longer available to check out.';
  if (lines.some((l) => l.status === 'ready' && l.problem === 'sold_out')) return 'Remove the products that are out of stock to check out.';
  if (lines.some((l) => l.status === 'ready' && l.problem === 'too_many')) return 'Lower the quantities marked below to what is in stock.';
  return null;
}
