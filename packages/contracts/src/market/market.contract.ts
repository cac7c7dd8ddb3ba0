import { z } from '../zod.js';
import { PAYMENT_TOKEN_HEADER } from '../constants.js';
import { idNumber } from '../common/number-input.js';
import { positiveMoneySchema, priceBoundSchema } from '../common/money-schema.js';
import { pageQuery, paged } from '../common/pagination.js';
import { defineRoute } from '../routes.js';
import { balances } from '../wallet/wallet.contract.js';

/** ERC-721 metadata attributes (the OpenSea shape). */
export const nftAttribute = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number()]),
  display_type: z.string().optional(),
});

export const nftSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  collection: z.object({ slug: z.string(), name: z.string() }),
  price: z.number(),
  listed: z.boolean(),
  /** Reserved by a buyer who has not paid yet. */
  reserved: z.boolean(),
  /** Reserved by the caller: theirs to pay (or cancel) until the reservation runs out. */
  reservedByMe: z.boolean(),
  owner: z.string().describe('userName of the owner, or "ParMeta" for the platform'),
  ownedByMe: z.boolean(),
});
export type NftSummary = z.infer<typeof nftSummary>;

export const provenanceEvent = z.object({
  from: z.string().nullable(),
  to: z.string(),
  price: z.number().nullable(),
  orderNo: z.string().nullable(),
  at: z.number(),
});

export const nftOrder = z.object({
  orderNo: z.string(),
  nftId: z.number(),
  price: z.number(),
  status: z.enum(['reserved', 'paid', 'expired', 'cancelled']),
  expiresAt: z.number(),
});
export type NftOrder = z.infer<typeof nftOrder>;

export const nftDetail = nftSummary.extend({
  description: z.string(),
  attributes: z.array(nftAttribute),
  provenance: z.array(provenanceEvent),
  /**
   * The caller's own running reservation of this item, if they hold one: a reload or a second
   * tab resumes it (pay or cancel before it runs out). Null for anyone else, who sees only `reserved`.
   */
  myReservation: nftOrder.nullable(),
});
export type NftDetail = z.infer<typeof nftDetail>;

/** The original's market filter: search text, category (collection; default all), priceFr, priceTo. */
export const marketFilter = pageQuery.extend({
  search: z.string().trim().max(100).default(''),
  category: z.string().trim().max(60).default('all'),
  priceFr: priceBoundSchema,
  priceTo: priceBoundSchema,
  sort: z.enum(['newest', 'price_asc', 'price_desc']).default('newest'),
});
export type MarketFilter = z.input<typeof marketFilter>;

export const collectionInfo = z.object({ slug: z.string(), name: z.string(), description: z.string(), count: z.number() });


const nftRef = z.strictObject({ nftId: idNumber('must be a positive whole number') });
const orderRef = z.strictObject({ orderNo: z.string({ error: 'is required' }).trim().regex(/^NFT-[A-Z0-9-]{6,40}$/, 'is not an NFT order number') });
const tag = 'market';

export const marketRoutes = {
  marketProducts: defineRoute({
    method: 'POST',
    path: '/gx/market_products',
    summary: 'Listed NFTs with the market filter (sign-in required, unless PUBLIC_CATALOG opens it to visitors)',
    tag,
    auth: 'catalog',
    body: marketFilter,
    data: paged(nftSummary).extend({ collections: z.array(collectionInfo) }),
  }),
  nftDetail: defineRoute({
    method: 'GET',
    path: '/gx/nft/:id',
    summary: 'One NFT with attributes and ownership history (open to visitors with PUBLIC_CATALOG)',
    tag,
    auth: 'catalog',
    params: z.strictObject({ id: idNumber() }),
    data: nftDetail,
  }),
  myNfts: defineRoute({ method: 'POST', path: '/gx/my_nfts', summary: 'NFTs the caller owns', tag, auth: true, body: z.strictObject({}), data: z.array(nftSummary) }),
  generateOrderNft: defineRoute({
    method: 'POST',
    path: '/gx/GenerateOrderNft',
    summary: 'Reserve a listed NFT for the caller; answers the orderNo (empty with the message on failure)',
    tag,
    auth: true,
    body: nftRef,
    data: nftOrder,
  }),
  confirmOrderNft: defineRoute({
    method: 'POST',
    path: '/gx/confirmOrdernft',
    summary: 'Pay a reserved NFT order from par and take ownership',
    tag,
    auth: true,
    body: orderRef,
    data: z.object({ order: nftOrder, nft: nftSummary, balances }),
  }),
  cancelOrderNft: defineRoute({ method: 'POST', path: '/gx/cancelOrdernft', summary: 'Release a reservation', tag, auth: true, body: orderRef, data: nftOrder }),
  listNft: defineRoute({
    method: 'POST',
    path: '/gx/nft_list',
    summary: 'Offer an owned NFT for resale at a price',
    tag,
    auth: true,
    body: nftRef.extend({ price: positiveMoneySchema(2).refine((v) => v <= 1_000_000, 'must be at most 1000000') }),
    data: nftSummary,
  }),
  delistNft: defineRoute({ method: 'POST', path: '/gx/nft_delist', summary: 'Withdraw an owned NFT from sale', tag, auth: true, body: nftRef, data: nftSummary }),
};

/** What the fiat order pays with: a saved card, or a fresh gateway token. */
const paymentSource = { card_id: idNumber().optional(), cardToken: z.string().min(10).max(100).optional() };

export const fiatOrderBody = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('topup'), amount: positiveMoneySchema(2).refine((v) => v <= 10_000, 'must be at most 10000'), ...paymentSource }),
    z.strictObject({ type: z.literal('nft'), nftId: idNumber(), ...paymentSource }),
  ])
  .refine((b) => (b.card_id === undefined) !== (b.cardToken === undefined), { message: 'choose a saved card or enter a card', path: ['card_id'] });
export type FiatOrderBody = z.input<typeof fiatOrderBody>;

export const fiatOrder = z.object({
  orderNo: z.string(),
  type: z.enum(['topup', 'nft']),
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  nftId: z.number().nullable(),
});

export const fiatRoutes = {
  paymentToken: defineRoute({
    method: 'POST',
    path: '/gx/AuthToken',
    summary: 'A short-lived (10 min), single-use payment token for one fiat order',
    tag: 'fiat',
    auth: true,
    data: z.object({ accessToken: z.string(), expire: z.number() }),
  }),
  generateOrderFiat: defineRoute({
    method: 'POST',
    path: '/gx/GenerateOrderFiat',
    summary: `Pay by card through the gateway to top up par or buy an NFT (needs the ${PAYMENT_TOKEN_HEADER} header)`,
    tag: 'fiat',
    auth: true,
    body: fiatOrderBody,
    data: z.object({ order: fiatOrder, balances }),
  }),
  gatewayWebhook: defineRoute({
    method: 'POST',
    path: '/gateway/webhook',
    summary: 'Payment gateway event callback (signed); a repeated event is applied once',
    tag: 'gateway',
    auth: false,
    body: z.strictObject({ eventId: z.string().min(5).max(80), type: z.literal('charge.succeeded'), chargeId: z.string().min(5).max(80), reference: z.string().max(80) }),
    data: z.object({ applied: z.boolean() }),
  }),
};


/**
 * ERC-721 metadata JSON (the tokenURI document wallets and marketplaces read). Served bare at
 * NFT_METADATA_PATH, not in the API envelope: wallets read these fields at the top level.
 */
export const erc721Metadata = z.object({
  name: z.string(),
  description: z.string(),
  image: z.url(),
  external_url: z.url(),
  attributes: z.array(nftAttribute),
});
export type Erc721Metadata = z.infer<typeof erc721Metadata>;
