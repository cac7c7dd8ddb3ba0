import { z } from '../zod.js';
import { defineRoute } from '../routes.js';
import { MAX_CART_LINES, MAX_LINE_QTY } from './shop-limits.js';

/**
 * The cart kept per account on the server, so it follows the member to another device. The
 * browser keeps its own copy (the original's cart) and sends each change; on sign-in it sends
 * its whole list, merged by the original's rules.
 */

/** A change by the original's cart rule: a quantity below 1 removes the line, a known id gets the quantity, an unknown id is appended. */
export const cartChange = z.strictObject({
  id: z.coerce.number({ error: 'is required' }).int('must be a whole number').positive('must be a product id'),
  qty: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(-1000, 'is too small').max(MAX_LINE_QTY, `must be at most ${MAX_LINE_QTY}`),
  /** A variant of the product (docs/decisions/0050): each variant is a line of its own. */
  variantId: z.coerce.number().int('must be a whole number').positive('must be a variant id').optional(),
});

export const serverCart = z.object({
  list: z.array(z.object({ id: z.number(), qty: z.number(), variantId: z.number().optional() })),
  /** Goes up with every change: a copy with a lower one is older. */
  version: z.number(),
  /** The shop's shipping rule, for "add 12.00 more for free shipping". */
  shipping: z.object({ fee: z.number(), freeFrom: z.number() }),
});
export type ServerCart = z.infer<typeof serverCart>;

const tag = 'shop';

export const cartRoutes = {
  getCart: defineRoute({ method: 'POST', path: '/ecommerce/cart', summary: "The caller's cart as the server keeps it", tag, auth: true, data: serverCart }),
  updateCart: defineRoute({
    method: 'POST',
    path: '/ecommerce/cart/update',
    summary: "Applies changes to the caller's cart in order, each by the original's cart rule (also the sign-in merge of the browser's cart); products that no longer exist are left out",
    tag,
    auth: true,
    body: z.strictObject({ list: z.array(cartChange).min(1, 'has no changes').max(MAX_CART_LINES, `at most ${MAX_CART_LINES} changes at once`) }),
    data: serverCart,
  }),
};
