import { z } from '../zod.js';
import { ASSETS } from '../common/money.js';
import { moneySchema, positiveMoneySchema } from '../common/money-schema.js';
import { pageQuery, paged } from '../common/pagination.js';
import { memberClassSchema } from '../auth/auth.schemas.js';
import { defineRoute } from '../routes.js';
import { HISTORY_CSV_MAX_ROWS, ledgerEntryTypes, WALLET_LIMITS } from './wallet-limits.js';

// The assets and their scales are in common/money.ts, which the web app loads without zod.
export const assetSchema = z.enum(ASSETS);

export const balances = z.object({ par: z.number(), meta: z.number(), premium: z.number() });
export type Balances = z.infer<typeof balances>;

/** Optional, as in the original's pass-through bodies; when present it must be the caller. */
const optionalUserId = { user_id: z.string().trim().toLowerCase().max(32).optional() };

export const userData = z.object({ walletId: z.string(), memberClass: memberClassSchema, balances });



/** A list in a query string: "topup,par_to_meta" (or the parameter repeated). */
const listParam = (value: unknown) =>
  typeof value === 'string' || Array.isArray(value)
    ? [value]
        .flat()
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

/**
 * Which movements of the history: some kinds (none: all), in a time window. The window is in
 * epoch milliseconds, so the app draws a day's bounds in its user's own time zone.
 */
const historyFields = {
  type: z.preprocess(listParam, z.array(z.enum(ledgerEntryTypes, { error: 'must be kinds of movement, separated by commas' })).max(ledgerEntryTypes.length)).optional(),
  from: z.coerce.number({ error: 'must be a time in epoch milliseconds' }).int().min(0).optional().describe('epoch ms, inclusive'),
  to: z.coerce.number({ error: 'must be a time in epoch milliseconds' }).int().min(0).optional().describe('epoch ms, exclusive'),
};
const endAfterStart = (f: { from?: number | undefined; to?: number | undefined }) => f.from === undefined || f.to === undefined || f.from < f.to;
const END_AFTER_START = { message: 'must be after the start', path: ['to'] };
export const historyFilter = z.object(historyFields).refine(endAfterStart, END_AFTER_START);
export type HistoryFilter = z.input<typeof historyFilter>;

export const transaction = z.object({
  id: z.number(),
  type: z.enum(ledgerEntryTypes),
  /** This user's side of the entry, per asset, in major units (negative = out). */
  amounts: z.object({ par: z.number().optional(), meta: z.number().optional(), premium: z.number().optional() }),
  counterparty: z.string(),
  reference: z.string().nullable(),
  memo: z.string(),
  createdAt: z.number(),
});
export type Transaction = z.infer<typeof transaction>;

export const payout = z.object({
  id: z.number(),
  amount: z.number(),
  destination: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  createdAt: z.number(),
});
export type Payout = z.infer<typeof payout>;

/** An external payout destination: an IBAN-like account reference or a 0x wallet address. */
export const destinationSchema = z
  .string({ error: 'is required' })
  .trim()
  .refine((s) => /^0x[0-9a-fA-F]{40}$/.test(s) || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s.replace(/\s/g, '').toUpperCase()), 'must be a 0x wallet address (40 hex digits) or a bank account number (IBAN)');

const amountSchema = positiveMoneySchema(2).refine((v) => v <= WALLET_LIMITS.maxAmount, `must be at most ${WALLET_LIMITS.maxAmount}`);
const tag = 'wallet';

export const walletRoutes = {
  userData: defineRoute({
    method: 'POST',
    path: '/gx/Userdata',
    summary: 'Balances, wallet id and member class',
    tag,
    auth: true,
    body: z.strictObject(optionalUserId),
    data: userData,
  }),
  transactions: defineRoute({
    method: 'POST',
    path: '/gx/SelTransactionPayment',
    summary: "The caller's ledger history, newest first",
    tag,
    auth: true,
    query: pageQuery.extend({ userId: z.string().trim().toLowerCase().max(32), ...historyFields }).refine(endAfterStart, END_AFTER_START),
    data: paged(transaction),
  }),
  transactionsCsv: defineRoute({
    method: 'POST',
    path: '/gx/SelTransactionPayment/csv',
    summary: `The caller's history with the same filter, newest first, as a CSV file's text (at most ${HISTORY_CSV_MAX_ROWS} movements; truncated says when there were more)`,
    tag,
    auth: true,
    query: historyFilter,
    data: z.object({ fileName: z.string(), csv: z.string(), rows: z.number(), truncated: z.boolean() }),
  }),
  parToMeta: defineRoute({
    method: 'POST',
    path: '/gx/tranfer_par_to_meta',
    summary: 'Move par to meta, 1:1',
    tag,
    auth: true,
    body: z.strictObject({ ...optionalUserId, amount: amountSchema }),
    data: z.object({ balances }),
  }),
  premiumToPar: defineRoute({
    method: 'POST',
    path: '/gx/Premium_To_Par',
    summary: 'Convert premium points to par at the configured rate, from a minimum',
    tag,
    auth: true,
    body: z.strictObject({ ...optionalUserId, points: moneySchema(0).refine((v) => v > 0, 'must be more than 0') }),
    data: z.object({ balances, parCredited: z.number() }),
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/gx/transfer_par_off',
    summary: 'Withdraw par to an external destination (a payout request an admin settles)',
    tag,
    auth: true,
    body: z.strictObject({
      ...optionalUserId,
      amount: amountSchema.refine((v) => v >= WALLET_LIMITS.minWithdrawal, `must be at least ${WALLET_LIMITS.minWithdrawal}`),
      destination: destinationSchema,
    }),
    data: z.object({ balances, payout }),
  }),
  payouts: defineRoute({
    method: 'POST',
    path: '/gx/payouts',
    summary: "The caller's withdrawals, newest first",
    tag,
    auth: true,
    query: pageQuery,
    data: paged(payout),
  }),
  walletRates: defineRoute({
    method: 'GET',
    path: '/gx/rates',
    summary: 'Conversion rates and limits',
    tag,
    auth: false,
    data: z.object({ premiumPerPar: z.number(), premiumMinimum: z.number(), nftFeePercent: z.number(), minWithdrawal: z.number(), maxAmount: z.number() }),
  }),
};
