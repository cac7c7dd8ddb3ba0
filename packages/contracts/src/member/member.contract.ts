import { z } from '../zod.js';
import { address } from '../account/address.schemas.js';
import { profile } from '../account/profile.schemas.js';
import { emailSchema, memberClassSchema, PASSWORD_MAX, passwordSchema } from '../auth/auth.schemas.js';
import { nftOrder, nftSummary } from '../market/market.contract.js';
import { savedCard } from '../payments/payments.schemas.js';
import { defineRoute } from '../routes.js';
import { orderDetail } from '../shop/shop.contract.js';
import { balances, payout, transaction } from '../wallet/wallet.contract.js';

/**
 * Managing one's own account: password, email, closing it, and a copy of one's data.
 * Every call acts on the token's user; none takes a user id.
 */

/** The password the member has now, asked again before a change that matters. */
const currentPasswordSchema = z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const changePasswordBody = z.strictObject({ currentPassword: currentPasswordSchema, newPassword: passwordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changeEmailBody = z.strictObject({ newEmail: emailSchema, password: currentPasswordSchema });
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const confirmEmailChangeBody = z.strictObject({ signature: z.string({ error: 'is required' }).min(10, 'is not a valid link').max(200, 'is not a valid link') });

export const deleteAccountBody = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** Why the account cannot be closed now, one plain sentence each; empty when it can. */
export const accountStatus = z.object({
  email: z.string(),
  /** An email change waiting for its link to be opened. */
  pendingEmail: z.object({ email: z.string(), expiresAt: z.number() }).nullable(),
  deletionBlockers: z.array(z.string()),
  /** Premium points that would be lost with the account. */
  premiumPoints: z.number(),
});
export type AccountStatus = z.infer<typeof accountStatus>;

/** Everything the shop holds about the member, in one JSON file. */
export const accountExport = z.object({
  format: z.literal('parmeta-account-export/1'),
  exportedAt: z.string().describe('ISO 8601'),
  account: z.object({
    userName: z.string(),
    fullName: z.string(),
    email: z.string(),
    memberClass: memberClassSchema,
    walletId: z.string(),
    createdAt: z.string(),
    emailVerifiedAt: z.string().nullable(),
  }),
  profile,
  addresses: z.array(address),
  cards: z.array(savedCard),
  orders: z.array(orderDetail),
  balances,
  ledger: z.array(transaction),
  payouts: z.array(payout),
  nfts: z.object({ owned: z.array(nftSummary), orders: z.array(nftOrder) }),
  cart: z.array(z.object({ id: z.number(), qty: z.number() })),
  /** The member's reviews, hidden ones too (with whether an admin hid them). */
  reviews: z.array(
    z.object({
      productId: z.number(),
      productName: z.string(),
      rating: z.number(),
      title: z.string(),
      body: z.string(),
      helpfulCount: z.number(),
      hidden: z.boolean(),
      createdAt: z.number(),
      editedAt: z.number().nullable(),
    }),
  ),
  /** Wished products, products no longer sold too. */
  wishlist: z.array(z.object({ productId: z.number(), productName: z.string(), addedAt: z.number() })),
  /** Back-in-stock requests, waiting (notifiedAt null) and answered; `variant` names the choice of a request for one variant. */
  stockAlerts: z.array(
    z.object({ productId: z.number(), productName: z.string(), variantId: z.number().nullable(), variant: z.string().nullable(), requestedAt: z.number(), notifiedAt: z.number().nullable() }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;

const tag = 'account';
const empty = z.object({});

export const memberRoutes = {
  changePassword: defineRoute({
    method: 'POST',
    path: '/user/change_password',
    summary: 'Change the password (asks for the current one); every other session is signed out and a mail says so',
    tag,
    auth: true,
    body: changePasswordBody,
    data: empty,
  }),
  changeEmail: defineRoute({
    method: 'POST',
    path: '/user/change_email',
    summary: 'Ask to change the email: a link goes to the new address, a notice to the old one; nothing changes until the link is opened',
    tag,
    auth: true,
    body: changeEmailBody,
    data: z.object({ pendingEmail: z.string(), expiresAt: z.number() }),
  }),
  confirmEmailChange: defineRoute({
    method: 'POST',
    path: '/user/confirm_email_change',
    summary: 'Apply an email change with the link mailed to the new address (single use, 24 hours)',
    tag,
    auth: false,
    body: confirmEmailChangeBody,
    data: z.object({ email: z.string() }),
  }),
  accountStatus: defineRoute({
    method: 'POST',
    path: '/user/account_status',
    summary: 'The pending email change and what stands in the way of closing the account',
    tag,
    auth: true,
    data: accountStatus,
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/user/delete_account',
    summary: 'Close the account: refused while balances, payouts or orders are open; personal data erased, accounting records kept, every session ended',
    tag,
    auth: true,
    body: deleteAccountBody,
    data: empty,
  }),
  exportData: defineRoute({
    method: 'POST',
    path: '/user/export_data',
    summary: 'Everything the shop holds about the caller, as one JSON document',
    tag,
    auth: true,
    data: accountExport,
  }),
};
