/**
 * The browser cart's line id (the original's `id`, a string): a product id, or for a chosen
 * variant "productId:variantId", so each variant is a line of its own under the original's
 * cart rule (docs/decisions/0050). Old carts hold product ids only, which stay valid.
 */
export const cartLineKey = (productId: number, variantId?: number | null): string => (variantId ? `${productId}:${variantId}` : String(productId));

/** A line id read back: null for one that names no product (the cart page offers to remove it). */
export function parseCartLineKey(id: string): { productId: number; variantId?: number } | null {
  const m = /^(\d{1,15})(?::(\d{1,15}))?$/.exec(id);
  if (!m) return null;
  return m[2] ? { productId: Number(m[1]), variantId: Number(m[2]) } : { productId: Number(m[1]) };
}

/** A line of the order call: `{ id, variantId }` from the line id (the server refuses an id that names no product). */
export function asOrderLine(id: string): { id: number; variantId?: number } {
  const key = parseCartLineKey(id);
  if (!key) return { id: 0 };
  return key.variantId ? { id: key.productId, variantId: key.variantId } : { id: key.productId };
}
