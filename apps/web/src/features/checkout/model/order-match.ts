import { cartLineKey } from '@/lib/cart-key';
/**
 * Whether an order placed earlier still holds exactly what the cart holds now. If the
 * cart changed since (a line added, a quantity changed), the old order no longer fits and
 * is replaced by a new one.
 */
export function orderMatchesCart(orderLines: readonly { productId: number; variantId?: number | null; qty: number }[], cart: readonly { id: string; qty: number }[]): boolean {
  if (orderLines.length !== cart.length) return false;
  const wanted = new Map(cart.map((line) => [line.id, line.qty]));
  return orderLines.every((line) => wanted.get(cartLineKey(line.productId, line.variantId)) === line.qty);
}
