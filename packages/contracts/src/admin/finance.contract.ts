import { z } from '../zod.js';
import { numeric } from '../common/number-input.js';
import { ASSETS } from '../common/money.js';
import { defineRoute, type RouteDef } from '../routes.js';

/** The longest range a daily report or a journal export covers (a year, leap day included). */
export const FINANCE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** A calendar day in UTC, as the finance reports count days (docs/decisions/0040). */
const day = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'is not a real date');

/** First and last day, both included. */
export const dayRange = z
  .strictObject({ from: day, to: day })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'must be on or after the first day' })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS < FINANCE_MAX_DAYS, { path: ['to'], message: `must be at most ${FINANCE_MAX_DAYS} days after the first day` });
export type DayRange = z.infer<typeof dayRange>;

const asset = z.enum(ASSETS);

/** What one kind of journal entry contributed to an account's balance. */
const balancePart = z.object({ kind: z.string(), label: z.string(), amount: z.number() });

/** One account (or all members' accounts of an asset together): its balance, credit positive, and what it is made of. */
export const trialBalanceLine = z.object({ account: z.string(), label: z.string(), balance: z.number(), parts: z.array(balancePart) });
export type TrialBalanceLine = z.infer<typeof trialBalanceLine>;

export const trialBalance = z.object({
  /** The moment (epoch ms) the balances are as of; null: everything recorded now. */
  at: z.number().nullable(),
  assets: z.array(
    z.object({
      asset,
      lines: z.array(trialBalanceLine),
      debits: z.number(),
      credits: z.number(),
      /** Credits less debits: zero when the asset's ledger balances. */
      total: z.number(),
      /** Members' balances as kept on their accounts (only for "now"); they must equal the members' line. */
      memberBalances: z.number().nullable(),
      balanced: z.boolean(),
    }),
  ),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

const dailyFigures = z.object({ revenue: z.number(), fees: z.number(), topups: z.number(), payouts: z.number() });
export type DailyFigures = z.infer<typeof dailyFigures>;
export const dailyFinance = z.object({ from: z.string(), to: z.string(), days: z.array(dailyFigures.extend({ day: z.string() })), totals: dailyFigures });
export type DailyFinance = z.infer<typeof dailyFinance>;

export const RECONCILIATION_PROBLEMS = ['charge_unmatched', 'refund_unmatched', 'amount_differs', 'charge_missing', 'refund_missing', 'entry_unmatched'] as const;
export const reconciliationItem = z.object({
  /** Whose record has no match: the gateway's (a charge or refund) or our books' (an order or a ledger entry). */
  side: z.enum(['gateway', 'books']),
  problem: z.enum(RECONCILIATION_PROBLEMS),
  reference: z.string(),
  chargeId: z.string().nullable(),
  amount: z.number(),
  detail: z.string(),
  at: z.number(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;
export const reconciliation = z.object({
  checkedAt: z.number(),
  /** How many records of each kind were compared. */
  checked: z.object({ charges: z.number(), refunds: z.number(), cardPayments: z.number(), gatewayEntries: z.number() }),
  items: z.array(reconciliationItem),
  /** More of some kind were found than a page lists. */
  truncated: z.boolean(),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const journalExport = z.object({ filename: z.string(), rows: z.number(), csv: z.string() });

const route = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D): RouteDef<B, undefined, undefined, D> =>
  defineRoute({ method: 'POST', path: `/admin/finance${path}`, summary, tag: 'admin', auth: true, body, data });

export const financeRoutes = {
  adminTrialBalance: route(
    '/trial-balance',
    'Trial balance of every ledger account kind, now or at a moment (at: epoch ms); sums to zero per asset',
    z.strictObject({ at: numeric(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(8_640_000_000_000_000, 'is too large')).optional() }),
    trialBalance,
  ),
  adminDailyFinance: route('/daily', 'Revenue, fees, top-ups and payouts per UTC day, first and last day included', dayRange, dailyFinance),
  adminReconciliation: route('/reconciliation', "Gateway charges and refunds without a match in our books, and our records that expect one the gateway does not have", z.strictObject({}), reconciliation),
  adminJournalExport: route('/journal/export', 'Journal entries of the UTC days from..to as CSV, one row per posting (recorded in the audit log)', dayRange, journalExport),
};
