import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { countrySchema } from '../common/countries.js';
import { priceBoundSchema } from '../common/money-schema.js';
import { pageQuery, paged } from '../common/pagination.js';
import { userIdBody } from '../common/user-id.js';
import { e164Schema } from '../account/profile.schemas.js';
import { cleanAddressParts, countryAddressRule } from '../common/address-format.js';
import { defineRoute } from '../routes.js';
import { nftSummary } from '../market/market.contract.js';
import { balances } from '../wallet/wallet.contract.js';
import { productOption, productVariant } from './variants.contract.js';
import { MAX_CART_LINES, MAX_LINE_QTY } from './shop-limits.js';

export const stockState = z.enum(['in_stock', 'low_stock', 'out_of_stock']);

export const productSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: z.number(),
  image: z.string(),
  stock: z.number(),
  stockState,
  /** Visible reviews' average and count, kept on the product row (docs/decisions/0055). */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** A product with variants: `price` is its lowest variant price ("from") and this the highest; null without variants. */
  priceMax: z.number().nullable(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const productDetail = productSummary.extend({
  description: z.string(),
  images: z.array(z.string()),
  /** Empty for a product without variants (docs/decisions/0050). */
  options: z.array(productOption),
  variants: z.array(productVariant),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const shopFilter = pageQuery.extend({
  search: z.string().trim().max(100).default(''),
  category: z.string().trim().max(60).default('all'),
  priceFr: priceBoundSchema,
  priceTo: priceBoundSchema,
  /** Left out: best match with a search text, newest first without one (best match means nothing without words). */
  sort: z.enum(['relevance', 'price_asc', 'price_desc', 'newest']).optional(),
});
export type ShopFilter = z.input<typeof shopFilter>;

export const categoryCount = z.object({ slug: z.string(), name: z.string(), count: z.number() });

/** The shipping part of the original's cart state, field names kept exactly; which parts are required depends on the country. */
export const shippingFields = z.object({
  shipping_name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  shipping_email: z.string({ error: 'is required' }).trim().toLowerCase().pipe(z.email({ error: 'must be a valid email address' })),
  shipping_contact: e164Schema,
  shipping_address1: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
  shipping_address2: z.string().trim().max(200).default(''),
  shipping_district: z.string().trim().max(100).default(''),
  shipping_subDistrict: z.string().trim().max(100).default(''),
  shipping_state: z.string().trim().max(100).default(''),
  shipping_zip: z.string().trim().max(10, 'must be at most 10 characters').default(''),
  shipping_country: countrySchema,
});

/** The shipping form checked by its country's rules (as a saved address is); unused parts dropped. */
export const shippingSchema = shippingFields
  .superRefine(
    countryAddressRule<z.output<typeof shippingFields>>({ subDistrict: 'shipping_subDistrict', district: 'shipping_district', state: 'shipping_state', zip: 'shipping_zip', country: 'shipping_country' }),
    { when: () => true },
  )
  .transform((s) => {
    const clean = cleanAddressParts({ subDistrict: s.shipping_subDistrict, district: s.shipping_district, state: s.shipping_state, zip: s.shipping_zip, country: s.shipping_country.value });
    return { ...s, shipping_subDistrict: clean.subDistrict, shipping_district: clean.district, shipping_state: clean.state, shipping_zip: clean.zip };
  });
export type Shipping = z.input<typeof shippingSchema>;

export const cartLine = z.object({
  id: idNumber('must be a product id'),
  qty: numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_LINE_QTY, `must be at most ${MAX_LINE_QTY}`)),
  /** The chosen variant of a product with options; left out for a product without. */
  variantId: idNumber('must be a variant id').optional(),
});

export const createOrderBody = z.strictObject({
  ...{ user_id: userIdBody.shape.user_id.optional() },
  list: z
    .array(cartLine)
    .min(1, 'the cart is empty')
    .max(MAX_CART_LINES, `at most ${MAX_CART_LINES} lines`)
    // Lines of one product are taken together: together, they keep the per-line limit.
    .superRefine((lines, ctx) => {
      const total = new Map<number, number>();
      for (const [i, line] of lines.entries()) {
        const qty = (total.get(line.id) ?? 0) + line.qty;
        total.set(line.id, qty);
        if (qty > MAX_LINE_QTY) ctx.addIssue({ code: 'custom', path: [i, 'qty'], message: `at most ${MAX_LINE_QTY} of one product in all` });
      }
    }),
  shipping: shippingSchema,
  note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  /** A promo code (docs/decisions/0051); refused with the reason when it cannot be used. */
  promoCode: z.string({ error: 'must be text' }).trim().toUpperCase().regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, dashes or underscores').optional(),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const orderStatus = z.enum(['pending_payment', 'paid', 'shipped', 'delivered', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const priceBreakdown = z.object({
  subtotal: z.number(),
  /** Every discount: the member class's, and a promo code's when one was used. */
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** The promo code used and what it took off (part of `discount`); left out without one (docs/decisions/0051). */
  promo: z.object({ code: z.string(), discount: z.number() }).optional(),
});

export const orderLine = z.object({
  productId: z.number(),
  name: z.string(),
  image: z.string(),
  unitPrice: z.number(),
  qty: z.number(),
  lineTotal: z.number(),
  /** The variant bought, its options as words ("Size: M, Colour: Navy") and SKU; null for a product without variants. */
  variantId: z.number().nullable(),
  variant: z.string().nullable(),
  sku: z.string().nullable(),
});

/** Why a cancelled order was cancelled: by its buyer, by the shop, or because it was not paid in time. Null otherwise (and for orders cancelled before this was kept). */
export const cancelReason = z.enum(['buyer', 'admin', 'expired']);

export const orderSummary = z.object({
  orderNo: z.string(),
  userId: z.string(),
  status: orderStatus,
  cancelReason: cancelReason.nullable(),
  total: z.number(),
  itemCount: z.number(),
  /** What was bought, for a list: the first line's image and every line's name, in order. */
  preview: z.object({ image: z.string().nullable(), names: z.array(z.string()) }),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderDetail = orderSummary.extend({
  price: priceBreakdown,
  lines: z.array(orderLine),
  shipping: shippingFields.extend({ shipping_country: z.object({ value: z.string(), label: z.string() }) }),
  note: z.string(),
  payment: z.object({ method: z.enum(['par', 'card']), cardLast4: z.string().nullable() }).nullable(),
  /** A paid order that was cancelled: its refund, done (when) or pending (a card refund the gateway has not confirmed yet; retried). */
  refund: z.object({ status: z.enum(['pending', 'done']), at: z.number().nullable() }).nullable(),
  pointsAwarded: z.number(),
  /** The carrier's name. */
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  /** The carrier's page for this parcel (carriers.ts), when it is a carrier the shop ships with. */
  trackingUrl: z.string().nullable(),
  history: z.array(z.object({ status: orderStatus, at: z.number() })),
});
export type OrderDetail = z.infer<typeof orderDetail>;

const orderNoSchema = z.string({ error: 'is required' }).trim().regex(/^ORD-[A-Z0-9-]{6,40}$/, 'is not an order number');
const orderNoQuery = z.strictObject({ orderNo: orderNoSchema });

export const payOrderBody = z
  .strictObject({
    orderNo: orderNoSchema,
    method: z.enum(['par', 'card']),
    card_id: idNumber().optional(),
    cardToken: z.string().min(10).max(100).optional(),
  })
  .refine((b) => b.method === 'par' || (b.card_id === undefined) !== (b.cardToken === undefined), { message: 'choose a saved card or enter a card', path: ['card_id'] });
export type PayOrderBody = z.input<typeof payOrderBody>;

/** An ordered product as it is in the shop now: what "Buy again" can put back in the cart. */
export const reorderItem = z.object({
  productId: z.number(),
  /** The variant the order had; left out for a product without variants. */
  variantId: z.number().optional(),
  name: z.string(),
  image: z.string(),
  /** How many the order had. */
  qty: z.number(),
  /** The price now. */
  price: z.number(),
  /** How many can be bought now: the stock, or 0 for a product no longer sold. */
  available: z.number(),
});
export type ReorderItem = z.infer<typeof reorderItem>;

const tag = 'shop';

export const shopRoutes = {
  shopProducts: defineRoute({
    method: 'POST',
    path: '/ecommerce/SelProductShop',
    summary: 'Shop products with search, category, price range, sort and pages; per-category counts (open to visitors with PUBLIC_CATALOG)',
    tag,
    auth: 'catalog',
    body: shopFilter,
    data: paged(productSummary).extend({ categories: z.array(categoryCount) }),
  }),
  productDetail: defineRoute({
    method: 'GET',
    path: '/ecommerce/product/:id',
    summary: 'One product with its stock state (open to visitors with PUBLIC_CATALOG)',
    tag,
    auth: 'catalog',
    params: z.strictObject({ id: idNumber() }),
    data: productDetail,
  }),
  featured: defineRoute({
    method: 'GET',
    path: '/public/featured',
    summary: 'Featured products and NFTs for the public home page',
    tag,
    auth: false,
    data: z.object({ products: z.array(productSummary), nfts: z.array(nftSummary) }),
  }),
  createOrder: defineRoute({
    method: 'POST',
    path: '/ecommerce/CreateEcomOrder',
    summary: 'Create an order from the cart: priced from the database, stock reserved; honours Idempotency-Key',
    tag,
    auth: true,
    body: createOrderBody,
    data: orderDetail,
  }),
  priceOrder: defineRoute({ method: 'GET', path: '/ecommerce/GetPriceOrder', summary: 'Subtotal, discount, shipping and total of an order', tag, auth: true, query: orderNoQuery, data: priceBreakdown }),
  updateOrder: defineRoute({
    method: 'POST',
    path: '/ecommerce/UpdateEcomOrder',
    summary: 'Change shipping and note while the order awaits payment',
    tag,
    auth: true,
    query: orderNoQuery,
    body: z.strictObject({ shipping: shippingSchema, note: z.string().trim().max(500).default('') }),
    data: orderDetail,
  }),
  payOrder: defineRoute({
    method: 'POST',
    path: '/ecommerce/paid_order',
    summary: 'Pay an order with par or a card; idempotent',
    tag,
    auth: true,
    body: payOrderBody,
    data: z.object({ order: orderDetail, balances }),
  }),
  cancelOrder: defineRoute({
    method: 'POST',
    path: '/ecommerce/CancelOrderEcom',
    summary: 'Cancel an unpaid or paid order: stock released, a paid order refunded to where it was paid from',
    tag,
    auth: true,
    query: orderNoQuery,
    data: orderDetail,
  }),
  myOrders: defineRoute({
    method: 'POST',
    path: '/ecommerce/GetEcomOrder',
    summary: "The caller's orders, newest first",
    tag,
    auth: true,
    query: pageQuery.extend({ userId: z.string().trim().toLowerCase().max(32) }),
    data: paged(orderSummary),
  }),
  reorderItems: defineRoute({
    method: 'POST',
    path: '/ecommerce/ReorderItems',
    summary: "One of the caller's orders, product by product as the shop has it now (price, how many can be bought), for Buy again",
    tag,
    auth: true,
    query: orderNoQuery,
    data: z.array(reorderItem),
  }),
  orderDetail: defineRoute({ method: 'POST', path: '/ecommerce/GetEcomOrderDetails', summary: 'One of the caller\'s orders', tag, auth: true, query: orderNoQuery, data: orderDetail }),
  userOrders: defineRoute({ method: 'POST', path: '/user/user_order', summary: "The caller's orders (as the original's user_order)", tag, auth: true, body: userIdBody, data: z.array(orderSummary) }),
};
