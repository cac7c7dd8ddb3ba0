import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { pageQuery, paged } from '../common/pagination.js';
import { positiveMoneySchema } from '../common/money-schema.js';
import { defineRoute, type RouteDef } from '../routes.js';
import { nftAttribute } from '../market/market.contract.js';
import { orderDetail, orderStatus, orderSummary } from '../shop/shop.contract.js';
import { CARRIER_IDS } from '../shop/carriers.js';
import { payout } from '../wallet/wallet.contract.js';

const slugSchema = z.string({ error: 'is required' }).trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'may contain only a-z, 0-9 and single dashes').min(2).max(80);
const nameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const priceSchema = positiveMoneySchema(2).refine((v) => v <= 1_000_000, 'must be at most 1000000');
const stockSchema = numeric(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000'));
/**
 * The stock the admin's form started from. A stock edit that carries it applies only while the
 * stock is still that (orders take stock all the time); otherwise it is refused with 409 and
 * the current count, so a sale made meanwhile is never undone by an edit.
 */
const expectedStock = stockSchema.optional();
const idSchema = idNumber();
/** Up to the year 9999. */
const EPOCH_MS_MAX = 253_402_300_799_999;
const imageUrlSchema = z.string().trim().regex(/^\/(media|demo)\/[A-Za-z0-9/_.-]+$/, 'must be an uploaded image URL');

export const adminProduct = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: z.number(),
  stock: z.number(),
  active: z.boolean(),
  images: z.array(z.string()),
  updatedAt: z.number(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const productFields = z.strictObject({
  name: nameSchema,
  slug: slugSchema,
  description: z.string({ error: 'is required' }).trim().min(1, 'is required').max(5000),
  category: slugSchema,
  price: priceSchema,
  stock: stockSchema,
  active: z.boolean().default(true),
  images: z.array(imageUrlSchema).min(1, 'add at least one image').max(8, 'at most 8 images'),
});
export type ProductFields = z.input<typeof productFields>;

export const categoryFields = z.strictObject({ slug: slugSchema, name: nameSchema.max(100), position: numeric(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000')) });
export const adminCategory = z.object({ id: z.number(), slug: z.string(), name: z.string(), position: z.number(), productCount: z.number() });

export const adminNft = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  collection: z.object({ slug: z.string(), name: z.string() }),
  attributes: z.array(nftAttribute),
  price: z.number(),
  listed: z.boolean(),
  owner: z.string(),
});
export type AdminNft = z.infer<typeof adminNft>;

export const nftFields = z.strictObject({
  name: nameSchema.max(100),
  slug: slugSchema,
  description: z.string({ error: 'is required' }).trim().min(1, 'is required').max(1000),
  collection: slugSchema,
  image: imageUrlSchema,
  price: priceSchema,
  attributes: z.array(z.strictObject({ trait_type: z.string().trim().min(1).max(50), value: z.union([z.string().trim().min(1).max(100), z.number()]), display_type: z.enum(['number', 'boost_number', 'boost_percentage', 'date']).optional() })).max(20),
  listed: z.boolean().default(true),
});
export type NftFields = z.input<typeof nftFields>;
export const collectionFields = z.strictObject({ slug: slugSchema, name: nameSchema.max(100), description: z.string().trim().max(500).default('') });

export const adminOrderFilter = pageQuery.extend({
  status: orderStatus.optional(),
  from: numeric(z.number().int().min(0).max(EPOCH_MS_MAX)).optional().describe('epoch ms, inclusive'),
  to: numeric(z.number().int().min(0).max(EPOCH_MS_MAX)).optional().describe('epoch ms, exclusive'),
  customer: z.string().trim().max(254).optional().describe('user name or email, partial'),
});

export const adminPayout = payout.extend({ userName: z.string(), email: z.string(), failureReason: z.string().nullable() });
export const auditEntry = z.object({ id: z.number(), admin: z.string(), action: z.string(), target: z.string(), before: z.unknown(), after: z.unknown(), at: z.number() });

export const dashboard = z.object({
  today: z.object({ orders: z.number(), paidOrders: z.number(), revenue: z.number() }),
  lowStock: z.array(adminProduct),
  pendingPayouts: z.object({ count: z.number(), amount: z.number() }),
  ordersToShip: z.number(),
});

const route = <B extends z.ZodType | undefined, D extends z.ZodType>(path: string, summary: string, body: B, data: D): RouteDef<B, undefined, undefined, D> =>
  defineRoute({ method: 'POST', path: `/admin${path}`, summary, tag: 'admin', auth: true, body, data });

export const adminRoutes = {
  adminDashboard: route('/dashboard', "Today's orders and revenue, low stock, pending payouts", z.strictObject({}), dashboard),
  adminProducts: route('/products/list', 'Products, including inactive ones', pageQuery.extend({ search: z.string().trim().max(100).default('') }), paged(adminProduct)),
  adminProduct: route('/products/detail', 'One product', z.strictObject({ id: idSchema }), adminProduct),
  adminCreateProduct: route('/products/create', 'Create a product', productFields, adminProduct),
  adminUpdateProduct: route('/products/update', 'Edit a product (price, stock, activation included); with expectedStock, only while the stock is still that', productFields.extend({ id: idSchema, expectedStock }), adminProduct),
  adminSetStock: route('/products/stock', 'Set the stock of a product; with expectedStock, only while the stock is still that', z.strictObject({ id: idSchema, stock: stockSchema, expectedStock }), adminProduct),
  adminUploadImage: defineRoute({ method: 'POST', path: '/admin/images', summary: 'Upload a product or NFT image (multipart, field "img"); answers its URL', tag: 'admin', auth: true, data: z.object({ url: z.string(), thumbnail: z.string() }) }),
  adminCategories: route('/categories/list', 'Categories in display order', z.strictObject({}), z.array(adminCategory)),
  adminSaveCategory: route('/categories/save', 'Create or edit a category (by slug)', categoryFields, adminCategory),
  adminNfts: route('/nfts/list', 'All NFT items', pageQuery.extend({ search: z.string().trim().max(100).default('') }), paged(adminNft)),
  adminNft: route('/nfts/detail', 'One NFT item', z.strictObject({ id: idSchema }), adminNft),
  adminCollections: route('/collections/list', 'NFT collections', z.strictObject({}), z.array(z.object({ slug: z.string(), name: z.string(), description: z.string(), count: z.number() }))),
  adminSaveCollection: route('/collections/save', 'Create or edit a collection (by slug)', collectionFields, z.object({ slug: z.string(), name: z.string(), description: z.string(), count: z.number() })),
  adminMintNft: route('/nfts/create', "Mint an NFT into the platform's ownership", nftFields, adminNft),
  adminUpdateNft: route('/nfts/update', 'Edit NFT metadata, price and listing', nftFields.extend({ id: idSchema }), adminNft),
  adminOrders: route(
    '/orders/list',
    'Orders with filters; each with the promo code it used and what the code took off (null without)',
    adminOrderFilter,
    paged(orderSummary.extend({ email: z.string(), promo: z.object({ code: z.string(), discount: z.number() }).nullable() })),
  ),
  adminOrderDetail: route('/orders/detail', 'One order', z.strictObject({ orderNo: z.string().trim().min(5).max(40) }), orderDetail),
  adminShipOrder: route('/orders/ship', 'Mark a paid order shipped (carrier and tracking number are mailed)', z.strictObject({ orderNo: z.string().trim().min(5).max(40), carrier: z.enum(CARRIER_IDS, { error: 'choose one of the carriers the shop ships with' }), trackingNo: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, 'must be 4 to 40 letters, digits or dashes') }), orderDetail),
  adminDeliverOrder: route('/orders/deliver', 'Mark a shipped order delivered', z.strictObject({ orderNo: z.string().trim().min(5).max(40) }), orderDetail),
  adminCancelOrder: route('/orders/cancel', 'Cancel an order (refunded where paid)', z.strictObject({ orderNo: z.string().trim().min(5).max(40) }), orderDetail),
  adminPayouts: route('/payouts/list', 'Withdrawals', pageQuery.extend({ status: z.enum(['pending', 'completed', 'failed']).optional() }), paged(adminPayout)),
  adminCompletePayout: route('/payouts/complete', 'Mark a withdrawal paid out', z.strictObject({ id: idSchema }), adminPayout),
  adminFailPayout: route('/payouts/fail', 'Fail a withdrawal: the par goes back to the member', z.strictObject({ id: idSchema, reason: z.string().trim().min(3, 'say why in a few words').max(200) }), adminPayout),
  adminAudit: route('/audit/list', 'The audit log, newest first', pageQuery, paged(auditEntry)),
};
