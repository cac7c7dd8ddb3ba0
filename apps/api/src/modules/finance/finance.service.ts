import type { DailyFinance, DayRange, TrialBalance, TrialBalanceLine } from '@parmeta/contracts';
import { ASSETS, ASSET_SCALE, fromMinor } from '@parmeta/contracts/common/money';
import type { Db } from '../../db/connection.js';
import { entryKindLabel, TRIAL_BALANCE_LINES } from './finance.labels.js';
import * as repo from './finance.repository.js';

/** A UTC day ('YYYY-MM-DD') to its first millisecond, and a day number back to its name. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayName = (dayNumber: number) => new Date(dayNumber * repo.DAY_MS).toISOString().slice(0, 10);

/**
 * The admin's finance reports: the trial balance of every ledger account kind (now, or as at
 * a moment) and the daily figures. Both read the journal, never a running total, so they show
 * what the entries say (docs/decisions/0040).
 */
export class FinanceService {
  constructor(private readonly db: Db) {}

  async trialBalance(at: number | null): Promise<TrialBalance> {
    const [parts, system] = await Promise.all([repo.balanceParts(this.db.kysely, at), repo.systemAccounts(this.db.kysely)]);
    const assets = ASSETS.map((asset) => {
      const scale = ASSET_SCALE[asset];
      const major = (minor: number) => fromMinor(minor, scale);
      const ofAsset = parts.filter((p) => p.asset === asset && p.account !== 'members_kept');
      // The known lines in their order, then any account this page does not name yet.
      const known = TRIAL_BALANCE_LINES[asset];
      const extra = [...new Set([...system.filter((s) => s.asset === asset).map((s) => s.code), ...ofAsset.map((p) => p.account)])].filter((a) => !known.some((k) => k.account === a));
      const minorLines = [...known, ...extra.map((account) => ({ account, label: account.replace(/_/g, ' ') }))].map(({ account, label }) => {
        const own = ofAsset.filter((p) => p.account === account).sort((a, b) => a.kind.localeCompare(b.kind));
        return { account, label, balance: own.reduce((sum, p) => sum + p.amount, 0), parts: own };
      });
      const credits = minorLines.reduce((sum, l) => sum + Math.max(l.balance, 0), 0);
      const debits = minorLines.reduce((sum, l) => sum - Math.min(l.balance, 0), 0);
      const kept = parts.find((p) => p.account === 'members_kept' && p.asset === asset);
      const members = minorLines.find((l) => l.account === 'members')?.balance ?? 0;
      const memberBalances = at === null ? (kept?.amount ?? 0) : null;
      const lines: TrialBalanceLine[] = minorLines.map((l) => ({ account: l.account, label: l.label, balance: major(l.balance), parts: l.parts.map((p) => ({ kind: p.kind, label: entryKindLabel(p.kind), amount: major(p.amount) })) }));
      return {
        asset,
        lines,
        debits: major(debits),
        credits: major(credits),
        total: major(credits - debits),
        memberBalances: memberBalances === null ? null : major(memberBalances),
        balanced: credits === debits && (memberBalances === null || memberBalances === members),
      };
    });
    return { at, assets, balanced: assets.every((a) => a.balanced) };
  }

  /**
   * Per UTC day: revenue (shop orders paid by par or card, less paid orders cancelled that
   * day, plus the platform's own NFT sales), marketplace fees, card top-ups and payouts paid out.
   */
  async daily(range: DayRange): Promise<DailyFinance> {
    const from = dayStart(range.from);
    const to = dayStart(range.to) + repo.DAY_MS;
    const [ledger, shop] = await Promise.all([repo.ledgerByDay(this.db.kysely, from, to), repo.shopSalesByDay(this.db.kysely, from, to)]);
    const days = [];
    const totals = { revenue: 0, fees: 0, topups: 0, payouts: 0 };
    for (let d = from / repo.DAY_MS; d < to / repo.DAY_MS; d++) {
      const sum = (match: (r: (typeof ledger)[number]) => boolean) => ledger.filter((r) => r.day === d && match(r)).reduce((s, r) => s + r.amount, 0);
      const minor = {
        revenue: (shop.paid.get(d) ?? 0) - (shop.cancelled.get(d) ?? 0) + sum((r) => r.code === 'nft_sales'),
        fees: sum((r) => r.code === 'fees'),
        // Money in through the gateway debits its clearing account; a payout paid out credits it.
        topups: -sum((r) => r.code === 'gateway_clearing' && r.kind === 'topup'),
        payouts: sum((r) => r.code === 'gateway_clearing' && r.kind === 'payout_completed'),
      };
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += minor[k];
      days.push({ day: dayName(d), revenue: fromMinor(minor.revenue), fees: fromMinor(minor.fees), topups: fromMinor(minor.topups), payouts: fromMinor(minor.payouts) });
    }
    return { from: range.from, to: range.to, days, totals: { revenue: fromMinor(totals.revenue), fees: fromMinor(totals.fees), topups: fromMinor(totals.topups), payouts: fromMinor(totals.payouts) } };
  }
}
