import { cartLineKey, parseCartLineKey } from '@/lib/cart-key';
import type { CartLine } from '@/lib/session-store';

export interface CartChange {
  id: number;
  qty: number;
  variantId?: number;
}

const isProductId = (id: string) => parseCartLineKey(id) !== null;
/** A line's change as the server takes it: the product id, and the variant's when one is chosen. */
const change = (id: string, qty: number): CartChange => {
  const key = parseCartLineKey(id)!;
  return key.variantId ? { id: key.productId, qty, variantId: key.variantId } : { id: key.productId, qty };
};

/**
 * The changes, by the original's cart rule, that turn one list into the next: a line gone is
 * a quantity of 0, a new or changed line its quantity, appended lines in the order they came.
 * Lines whose id is not a product id stay in the browser (the cart page offers to remove them).
 */
export function cartChanges(before: readonly CartLine[], after: readonly CartLine[]): CartChange[] {
  const next = new Map(after.map((line) => [line.id, line.qty]));
  const prev = new Map(before.map((line) => [line.id, line.qty]));
  const changes: CartChange[] = [];
  for (const line of before) if (!next.has(line.id) && isProductId(line.id)) changes.push(change(line.id, 0));
  for (const line of after) if (prev.get(line.id) !== line.qty && isProductId(line.id)) changes.push(change(line.id, line.qty));
  return changes;
}

/** The browser's lines as the server takes them: the sign-in merge. */
export const asChanges = (lines: readonly CartLine[]): CartChange[] => lines.filter((line) => isProductId(line.id)).map((line) => change(line.id, line.qty));

/** The server's lines as the browser keeps them (the original's ids are strings). */
export const fromServer = (list: readonly { id: number; qty: number; variantId?: number }[]): CartLine[] => list.map((line) => ({ id: cartLineKey(line.id, line.variantId), qty: line.qty }));

/** Whether two lists hold the same lines in the same order. */
export const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => a.length === b.length && a.every((line, i) => line.id === b[i]?.id && line.qty === b[i]?.qty);

/**
 * How far the cart is from free shipping, as the checkout will price it: the subtotal after
 * the member's discount against the shop's threshold, in minor units. null without a rule yet.
 */
export function freeShippingGap(subtotalMinor: number, discountPercent: number, freeFromMinor: number): { leftMinor: number; ratio: number } {
  const discounted = subtotalMinor - Math.round((subtotalMinor * discountPercent) / 100);
  const leftMinor = Math.max(0, freeFromMinor - discounted);
  return { leftMinor, ratio: freeFromMinor <= 0 ? 1 : Math.min(1, discounted / freeFromMinor) };
}
