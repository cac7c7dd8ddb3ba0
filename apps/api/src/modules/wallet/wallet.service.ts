import type { Asset, Balances, Paged, Payout, Transaction } from '@parmeta/contracts';
import { ASSET_SCALE, fromMinor } from '@parmeta/contracts/common/money';
import { HISTORY_CSV_MAX_ROWS } from '@parmeta/contracts/wallet/wallet-limits';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { holdMember } from '../../db/locks.js';
import { accountGone, badRequest, businessRule } from '../../http/errors.js';
import type { Ledger, SystemAccount } from '../ledger/ledger.js';
import { findUserForDetail } from '../users/users.repository.js';
import { memberClassFor } from '../users/member-class.js';
import { historyCsv } from './history-csv.js';
import * as repo from './wallet.repository.js';

type Q = Kysely<Database>;

const SYSTEM_LABELS: Record<SystemAccount, string> = {
  gateway_clearing: 'Payment gateway',
  payouts: 'Withdrawals',
  fees: 'Marketplace fee',
  nft_sales: 'NFT market',
  shop_revenue: 'Shop',
  meta_bridge: 'Metaverse bridge',
  conversion: 'Points conversion',
  premium_issuance: 'Premium points',
};

export const toPayout = (row: { id: number; amount: number; destination: string; status: Payout['status']; created_at: number }): Payout => ({
  id: row.id,
  amount: fromMinor(row.amount),
  destination: row.destination,
  status: row.status,
  createdAt: row.created_at,
});

/** Balances, history and the user's own transfers: par to meta, points to par, withdrawals. */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly config: Config,
  ) {}

  async userData(userId: number) {
    const [user, balances] = await Promise.all([findUserForDetail(this.db.kysely, userId), this.ledger.balances(this.db.kysely, userId)]);
    if (!user) throw accountGone();
    return { walletId: user.wallet_id, memberClass: memberClassFor(user.lifetime_spend, this.config.memberClasses).name, balances };
  }

  balances(db: Q, userId: number): Promise<Balances> {
    return this.ledger.balances(db, userId);
  }

  async history(userId: number, page: number, pageSize: number, filter: repo.EntryFilter = {}): Promise<Paged<Transaction>> {
    const { entries, total } = await repo.entriesPage(this.db.kysely, userId, pageSize, (page - 1) * pageSize, filter);
    return { items: await this.transactions(userId, entries), total, page, pageSize };
  }

  /**
   * The history with the same filter as a CSV file (newest first), at most HISTORY_CSV_MAX_ROWS
   * movements; `truncated` tells the app to say so (a narrower date range downloads the rest).
   */
  async historyCsv(userId: number, userName: string, filter: repo.EntryFilter, now = Date.now(), maxRows = HISTORY_CSV_MAX_ROWS) {
    const { entries, total } = await repo.entriesPage(this.db.kysely, userId, maxRows, 0, filter);
    const items = await this.transactions(userId, entries);
    const day = new Date(now).toISOString().slice(0, 10);
    return { fileName: `parmeta-wallet-${userName}-${day}.csv`, csv: historyCsv(items), rows: items.length, truncated: total > items.length };
  }

  /** Entries as this user sees them: their own side's amounts per asset, and who was on the other side. */
  private async transactions(userId: number, entries: Awaited<ReturnType<typeof repo.entriesPage>>['entries']): Promise<Transaction[]> {
    const byEntry = new Map<number, Awaited<ReturnType<typeof repo.postingsOf>>>();
    const ids = entries.map((e) => e.id);
    const postings = [];
    // A thousand entries a query keeps a long CSV well inside both databases' limits on parameters.
    for (let i = 0; i < ids.length; i += 1000) postings.push(...(await repo.postingsOf(this.db.kysely, ids.slice(i, i + 1000))));
    for (const p of postings) {
      const list = byEntry.get(p.entry_id) ?? [];
      list.push(p);
      byEntry.set(p.entry_id, list);
    }
    return entries.map((entry): Transaction => {
      const postings = byEntry.get(entry.id) ?? [];
      const own = postings.filter((p) => p.user_id === userId);
      const others = postings.filter((p) => p.user_id !== userId).sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount));
      const minor = new Map<Asset, number>();
      for (const p of own) minor.set(p.asset, (minor.get(p.asset) ?? 0) + p.amount);
      const amounts: Transaction['amounts'] = {};
      for (const [asset, value] of minor) amounts[asset] = fromMinor(value, ASSET_SCALE[asset]);
      const names = [...new Set(others.map((p) => (p.user_id !== null ? (p.user_name ?? 'another member') : SYSTEM_LABELS[p.code as SystemAccount] ?? p.code)))];
      return { id: entry.id, type: entry.kind as Transaction['type'], amounts, counterparty: names.join(', '), reference: entry.reference, memo: entry.memo, createdAt: entry.created_at };
    });
  }

  // No hold against closing in moving par (to meta, or out): it needs par, closing is refused while
  // there is any, and par reaches a closed account by no path (top-ups and points hold the member;
  // refunds and returned payouts come from an order or payout that refuses the closing).
  async parToMeta(trx: Q, userId: number, amount: number): Promise<{ balances: Balances }> {
    const balances = await this.ledger.postAndRead(trx, userId, {
      kind: 'par_to_meta',
      memo: 'Moved par to meta',
      postings: [
        { account: { user: userId }, asset: 'par', amount: -amount },
        { account: { system: 'meta_bridge' }, asset: 'par', amount },
        { account: { system: 'meta_bridge' }, asset: 'meta', amount: -amount },
        { account: { user: userId }, asset: 'meta', amount },
      ],
    });
    return { balances };
  }

  /** Points to par at the configured rate (points per 1.00 par), from a minimum, in exact cents only. */
  async premiumToPar(trx: Q, userId: number, points: number): Promise<{ balances: Balances; parCredited: number }> {
    const { premiumPerPar, premiumMinPoints } = this.config.rules;
    if (points < premiumMinPoints) throw businessRule(`You can convert from ${premiumMinPoints} points.`);
    if ((points * 100) % premiumPerPar !== 0) {
      const step = premiumPerPar / gcd(premiumPerPar, 100);
      throw badRequest(`points: must be a multiple of ${step}`, { points: `must be a multiple of ${step}` });
    }
    const par = (points * 100) / premiumPerPar;
    // Points do not keep an account open, so a closing could otherwise commit first and the par land on a closed account.
    await holdMember(trx, this.db.dialect, userId);
    const balances = await this.ledger.postAndRead(trx, userId, {
      kind: 'premium_to_par',
      memo: `Converted ${points} premium points to par`,
      postings: [
        { account: { user: userId }, asset: 'premium', amount: -points },
        { account: { system: 'premium_issuance' }, asset: 'premium', amount: points },
        { account: { system: 'conversion' }, asset: 'par', amount: -par },
        { account: { user: userId }, asset: 'par', amount: par },
      ],
    });
    return { balances, parCredited: fromMinor(par) };
  }

  /** The par leaves the balance at once, into the payouts account, until an admin settles the request. */
  async withdraw(trx: Q, userId: number, amount: number, destination: string): Promise<{ balances: Balances; payout: Payout }> {
    const row = await repo.insertPayout(trx, { userId, amount, destination, now: Date.now() });
    const balances = await this.ledger.postAndRead(trx, userId, {
      kind: 'payout_request',
      reference: `PO-${row.id}`,
      memo: `Withdrawal to ${destination}`,
      postings: [
        { account: { user: userId }, asset: 'par', amount: -amount },
        { account: { system: 'payouts' }, asset: 'par', amount },
      ],
    });
    return { balances, payout: toPayout(row) };
  }

  async payouts(userId: number, page: number, pageSize: number): Promise<Paged<Payout>> {
    const { items, total } = await repo.payoutsPage(this.db.kysely, userId, pageSize, (page - 1) * pageSize);
    return { items: items.map(toPayout), total, page, pageSize };
  }

  rates() {
    const r = this.config.rules;
    return { premiumPerPar: r.premiumPerPar, premiumMinimum: r.premiumMinPoints, nftFeePercent: r.nftFeeBps / 100 };
  }
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
