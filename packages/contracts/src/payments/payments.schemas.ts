import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { defineRoute } from '../routes.js';
import { userIdBody } from '../common/user-id.js';

/** Luhn checksum: catches most mistyped card numbers before they reach the gateway. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardBrandSchema = z.enum(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unknown']);
export type CardBrand = z.infer<typeof cardBrandSchema>;

/** What the card form sends to the gateway's tokenize endpoint, and only there. */
export const tokenizeBody = z
  .strictObject({
    number: z
      .string({ error: 'is required' })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits').refine(luhnValid, 'is not a valid card number')),
    expMonth: numeric(z.number().int('must be 1 to 12').min(1, 'must be 1 to 12').max(12, 'must be 1 to 12')),
    expYear: numeric(z.number().int('must be a four-digit year').min(2000, 'must be a four-digit year').max(2100, 'must be a four-digit year')),
    cvc: z.string({ error: 'is required' }).trim().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
    holderName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  })
  .refine(
    (c) => {
      const now = new Date();
      return c.expYear > now.getUTCFullYear() || (c.expYear === now.getUTCFullYear() && c.expMonth >= now.getUTCMonth() + 1);
    },
    { message: 'the card has expired', path: ['expYear'] },
  );
export type TokenizeBody = z.input<typeof tokenizeBody>;

export const cardToken = z.object({
  token: z.string(),
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  holderName: z.string(),
});
export type CardToken = z.infer<typeof cardToken>;

export const savedCard = z.object({
  card_id: z.number(),
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  holderName: z.string(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const cardIdSchema = idNumber('must be a positive whole number');
const cardRef = userIdBody.extend({ card_id: cardIdSchema }).strict();

export const paymentRoutes = {
  tokenizeCard: defineRoute({
    method: 'POST',
    path: '/gateway/tokenize',
    summary: 'Sandbox payment gateway: exchange card details for a token (the shop never sees the number or CVC)',
    tag: 'gateway',
    auth: false,
    body: tokenizeBody,
    data: cardToken,
  }),
  addCard: defineRoute({
    method: 'POST',
    path: '/user/add_card',
    summary: 'Save a tokenized card',
    tag: 'cards',
    auth: true,
    body: userIdBody.extend({ token: z.string({ error: 'is required' }).min(10).max(100), makeDefault: z.boolean().optional() }).strict(),
    data: savedCard,
  }),
  listCards: defineRoute({ method: 'POST', path: '/user/search_all_card', summary: 'Saved cards, default first', tag: 'cards', auth: true, body: userIdBody, data: z.array(savedCard) }),
  deleteCard: defineRoute({ method: 'POST', path: '/user/del_card', summary: 'Delete a saved card', tag: 'cards', auth: true, body: cardRef, data: z.object({ card_id: z.number() }) }),
  changeDefaultCard: defineRoute({ method: 'POST', path: '/user/change_default_card', summary: 'Make a saved card the default', tag: 'cards', auth: true, body: cardRef, data: savedCard }),
};
