import type { ReorderItem } from '@parmeta/contracts';
import { addableQty } from '@/features/shop';
import { cartLineKey } from '@/lib/cart-key';

/** One product of the order and what Buy again could do with it. */
export interface BuyAgainLine {
  id: string;
  name: string;
  /** How many the order had. */
  wanted: number;
  /** How many go into the cart now. */
  added: number;
  /** Why fewer than wanted: sold out or no longer sold, only some in stock, or the cart already holds the most. */
  short: 'unavailable' | 'limited' | 'cart_full' | null;
}

/**
 * What "Buy again" puts in the cart: each product of the order at the quantity ordered, on top
 * of what the cart holds, as far as the stock and the per-line limit allow (the same rule as
 * adding from the product page). Nothing is reserved: stock is taken when an order is placed.
 */
export function planBuyAgain(items: readonly ReorderItem[], cart: readonly { id: string; qty: number }[], maxPerLine: number): BuyAgainLine[] {
  return items.map((item) => {
    const id = cartLineKey(item.productId, item.variantId);
    const inCart = cart.find((line) => line.id === id)?.qty ?? 0;
    const room = addableQty(item.available, inCart, maxPerLine);
    const added = Math.min(item.qty, room);
    let short: BuyAgainLine['short'] = null;
    // Whichever bound stopped it: no stock, the per-line limit, or the stock.
    if (added < item.qty) short = item.available <= 0 ? 'unavailable' : maxPerLine < item.available ? 'cart_full' : 'limited';
    return { id, name: item.name, wanted: item.qty, added, short };
  });
}

/** The plan in plain words, for the cart to show: what was added, and what could not be. */
export function describeBuyAgain(lines: readonly BuyAgainLine[]): { added: number; notes: string[] } {
  const added = lines.reduce((sum, l) => sum + l.added, 0);
  const notes = lines.flatMap((l) => {
    if (l.short === 'unavailable') return [`${l.name} is not available right now, so it was not added.`];
    if (l.short === 'limited') return [l.added > 0 ? `Only ${l.added} of ${l.wanted} × ${l.name} could be added: that is all the stock.` : `${l.name} could not be added: your cart already holds all the stock.`];
    if (l.short === 'cart_full') return [`${l.name}: your cart already holds the most one order can have.`];
    return [];
  });
  return { added, notes };
}
