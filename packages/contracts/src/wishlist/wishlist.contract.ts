import { z } from '../zod.js';
import { idNumber } from '../common/number-input.js';
import { defineRoute } from '../routes.js';
import { productSummary } from '../shop/shop.contract.js';

/**
 * A member's wishlist and back-in-stock requests (docs/decisions/0056, 0052). A request is for
 * a product as a whole (any stock of it) or for one of its variants (that variant's stock).
 */


/** What the heart and the "Tell me" button of every card and product page need: the caller's marks, in one small answer. */
export const shopMarks = z.object({
  wished: z.array(z.number()),
  /** Products the caller asked to hear about when they are back in stock (requests still waiting). */
  alerts: z.array(z.number()),
  /** Variants the caller asked to hear about (requests still waiting), by variant id. */
  variantAlerts: z.array(z.number()),
});
export type ShopMarks = z.infer<typeof shopMarks>;

export const wishlistItem = z.object({
  product: productSummary,
  addedAt: z.number(),
  /** The caller asked to be told when it is back in stock, and has not been told yet. */
  alertRequested: z.boolean(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

const productRef = { productId: idNumber('must be a product id') };
const tag = 'wishlist';

export const wishlistRoutes = {
  shopMarks: defineRoute({ method: 'GET', path: '/ecommerce/wishlist/marks', summary: "The caller's wished products and waiting back-in-stock requests, as ids", tag, auth: true, data: shopMarks }),
  wishlist: defineRoute({
    method: 'GET',
    path: '/ecommerce/wishlist',
    summary: "The caller's wishlist, most recently added first, with each product as the shop has it now (products no longer sold are left out)",
    tag,
    auth: true,
    data: z.object({ items: z.array(wishlistItem) }),
  }),
  setWished: defineRoute({
    method: 'POST',
    path: '/ecommerce/wishlist/set',
    summary: 'Adds a product to the caller’s wishlist or takes it off (setting the same twice changes nothing)',
    tag,
    auth: true,
    body: z.strictObject({ ...productRef, wished: z.boolean({ error: 'must be true or false' }) }),
    data: z.object({ productId: z.number(), wished: z.boolean() }),
  }),
  setStockAlert: defineRoute({
    method: 'POST',
    path: '/ecommerce/stock-alert/set',
    summary:
      'Asks for one mail when an out-of-stock product, or one variant of it (variantId), is back (or withdraws the request); one in stock is refused with 422, a variant not of this product with 404',
    tag,
    auth: true,
    body: z.strictObject({ ...productRef, variantId: idNumber('must be a variant id').optional(), wanted: z.boolean({ error: 'must be true or false' }) }),
    data: z.object({ productId: z.number(), variantId: z.number().nullable(), wanted: z.boolean() }),
  }),
};
