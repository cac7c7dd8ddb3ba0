import type { ProductDetail } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts';
import { parseCartLineKey } from '@/lib/cart-key';

/** A cart line of the store joined with what the shop says about its product now. */
export type CartLineView =
  | { id: string; qty: number; status: 'loading' }
  /** Removed from the catalog (or never a product): it can only be taken out of the cart. */
  | { id: string; qty: number; status: 'missing' }
  | { id: string; qty: number; status: 'error'; error: unknown }
  /**
   * `product` is the chosen variant's when the line has one (its price, stock and picture), and
   * `variant` names it ("Size: M, Colour: Navy"), so the cart and checkout show what is bought.
   */
  | { id: string; qty: number; status: 'ready'; product: ProductDetail; variant: string | null; limit: number; problem: 'sold_out' | 'too_many' | null };

interface ProductLookup {
  data?: ProductDetail | undefined;
  isPending: boolean;
  error: unknown;
  /** True when the shop answered that the product does not exist. */
  missing: boolean;
}

export function cartLineView(line: { id: string; qty: number }, lookup: ProductLookup, limitOf: (stock: number) => number): CartLineView {
  const { id, qty } = line;
  const key = parseCartLineKey(id);
  if (!key || lookup.missing) return { id, qty, status: 'missing' };
  if (lookup.data) {
    const chosen = asChosen(lookup.data, key.variantId);
    // A variant since removed, or a product given options since it was added without one.
    if (!chosen) return { id, qty, status: 'missing' };
    const limit = limitOf(chosen.product.stock);
    const problem = limit <= 0 ? 'sold_out' : qty > limit ? 'too_many' : null;
    return { id, qty, status: 'ready', product: chosen.product, variant: chosen.variant, limit, problem };
  }
  if (lookup.error) return { id, qty, status: 'error', error: lookup.error };
  return { id, qty, status: 'loading' };
}

/** The product as a line with this variant shows it: the variant's price, stock and picture; null when the line no longer matches the product. */
function asChosen(product: ProductDetail, variantId: number | undefined): { product: ProductDetail; variant: string | null } | null {
  if (variantId === undefined) return product.options.length > 0 ? null : { product, variant: null };
  const v = product.variants.find((x) => x.id === variantId);
  if (!v) return null;
  const variant = product.options.map((o, i) => `${o.name}: ${v.options[i] ?? ''}`).join(', ');
  return { product: { ...product, price: v.price, priceMax: null, stock: v.stock, stockState: v.stockState, image: v.image || product.image }, variant };
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
