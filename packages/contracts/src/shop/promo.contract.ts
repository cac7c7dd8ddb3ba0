import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { positiveMoneySchema } from '../common/money-schema.js';
import { pageQuery, paged } from '../common/pagination.js';
import { defineRoute } from '../routes.js';

/**
 * Promo codes (issue #17 item 4, docs/decisions/0051). An admin creates a code: a percentage
 * or a fixed amount off, from a minimum order value, between two dates, for a number of uses in
 * all and per member, optionally only on one category's products. A shopper enters it at
 * checkout; the server prices it (a quote, then the order) after the member-class discount.
 */

/** How a code is typed: letters, digits, dashes, underscores; case does not matter. */
export const promoCodeSchema = z
  .string({ error: 'is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, dashes or underscores');

/** Up to the year 9999. */
const EPOCH_MS_MAX = 253_402_300_799_999;
const epochMs = numeric(z.number().int('must be a whole number').min(0, 'must be a date').max(EPOCH_MS_MAX, 'must be a date'));
const uses = numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000'));

export const promoFields = z
  .strictObject({
    code: promoCodeSchema,
    kind: z.enum(['percent', 'fixed'], { error: 'choose percent or fixed' }),
    /** percent: whole percent off (1-100); fixed: par off (major units, at most 2 decimals). */
    value: positiveMoneySchema(2),
    /** The goods' subtotal (before any discount) from which the code applies; 0 for any. */
    minOrder: numeric(z.number().min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000')).default(0),
    startsAt: epochMs,
    endsAt: epochMs.nullable().default(null),
    maxUses: uses.nullable().default(null),
    maxUsesPerMember: uses.nullable().default(1),
    /** A category's slug: the code takes off only that category's products. */
    category: z.string().trim().toLowerCase().max(80).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.kind === 'percent' && (!Number.isInteger(f.value) || f.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole percent from 1 to 100' });
    if (f.endsAt !== null && f.endsAt <= f.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    if (f.maxUses !== null && f.maxUsesPerMember !== null && f.maxUsesPerMember > f.maxUses) ctx.addIssue({ code: 'custom', path: ['maxUsesPerMember'], message: 'cannot be more than the uses in all' });
  });
export type PromoFields = z.input<typeof promoFields>;

export const adminPromo = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minOrder: z.number(),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerMember: z.number().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** Orders holding a use now (a cancelled order gives its use back). */
  uses: z.number(),
  disabled: z.boolean(),
  createdAt: z.number(),
});
export type AdminPromo = z.infer<typeof adminPromo>;

/** The price of a cart with a code, as the order would be priced now. */
export const promoQuote = z.object({
  code: z.string(),
  subtotal: z.number(),
  /** The member-class discount, taken first. */
  memberDiscount: z.number(),
  /** What the code takes off the rest. */
  promoDiscount: z.number(),
  shipping: z.number(),
  total: z.number(),
});
export type PromoQuote = z.infer<typeof promoQuote>;

const cartLines = z
  .array(z.strictObject({ id: idNumber('must be a product id'), variantId: idNumber('must be a variant id').optional(), qty: numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99')) }))
  .min(1, 'the cart is empty')
  .max(50, 'at most 50 lines');

export const promoRoutes = {
  quotePromo: defineRoute({
    method: 'POST',
    path: '/ecommerce/promo/quote',
    summary: 'Prices the cart with a promo code as an order would be now (member discount first, then the code); a code that cannot be used is refused with the reason',
    tag: 'shop',
    auth: true,
    body: z.strictObject({ code: promoCodeSchema, list: cartLines }),
    data: promoQuote,
  }),
  adminPromos: defineRoute({ method: 'POST', path: '/admin/promos/list', summary: 'Promo codes, newest first', tag: 'admin', auth: true, body: pageQuery, data: paged(adminPromo) }),
  adminCreatePromo: defineRoute({ method: 'POST', path: '/admin/promos/create', summary: 'Create a promo code', tag: 'admin', auth: true, body: promoFields, data: adminPromo }),
  adminDisablePromo: defineRoute({
    method: 'POST',
    path: '/admin/promos/disable',
    summary: 'Disable a promo code: no new order can use it (orders that used it keep their discount)',
    tag: 'admin',
    auth: true,
    body: z.strictObject({ id: idNumber() }),
    data: adminPromo,
  }),
};
