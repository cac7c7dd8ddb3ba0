import type { Asset, Balances } from '@parmeta/contracts';
import { ASSETS, fromMinor, ASSET_SCALE } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { DialectName } from '../../db/connection.js';
import * as repo from './ledger.repository.js';
import type { BalanceChange, EntryRow, MinorBalances, PostingRow } from './ledger.repository.js';

export type SystemAccount =
  | 'gateway_clearing'
  | 'payouts'
  | 'fees'
  | 'nft_sales'
  | 'shop_revenue'
  | 'meta_bridge'
  | 'conversion'
  | 'premium_issuance';

export type AccountRef = { user: number } | { system: SystemAccount };

export interface PostingInput {
  account: AccountRef;
  asset: Asset;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
}

export interface EntryInput {
  kind: string;
  reference?: string | null;
  memo: string;
  postings: PostingInput[];
}

const ASSET_NAME: Record<Asset, string> = { par: 'par', meta: 'meta', premium: 'premium points' };

export class InsufficientBalance extends AppError {
  constructor(readonly asset: Asset) {
    super('BUSINESS_RULE', `Your ${ASSET_NAME[asset]} balance is too low for this.`);
  }
}

type Q = Kysely<Database>;

const toMajor = (minor: MinorBalances): Balances => ({ par: fromMinor(minor.par, ASSET_SCALE.par), meta: fromMinor(minor.meta, ASSET_SCALE.meta), premium: minor.premium });

const accountKey = (ref: AccountRef, asset: Asset) => ('user' in ref ? `u:${ref.user}:${asset}` : `s:${ref.system}:${asset}`);

/**
 * The double-entry ledger. Every balance change is one journal entry whose postings sum
 * to zero per asset, written inside the caller's transaction together with the business
 * change it belongs to. A debit of a user account is a conditional update
 * (`balance + amount >= 0`), so two concurrent spends cannot both pass; the CHECK
 * constraint on ledger_account backs it up. Entries are never edited: a mistake is
 * reversed by a new entry.
 */
export class Ledger {
  /** Account ids never change once created, so they are cached per database. */
  private readonly ids = new Map<string, number>();

  constructor(private readonly dialect: DialectName = 'sqlite') {}

  /** Opens the user's par, meta and premium accounts (at sign-up, in its transaction). */
  async openUserAccounts(trx: Q, userId: number): Promise<void> {
    await trx
      .insertInto('ledger_account')
      .values(ASSETS.map((asset) => ({ user_id: userId, code: 'user', asset })))
      .execute();
  }

  async post(trx: Q, entry: EntryInput, now = Date.now()): Promise<number> {
    return (await this.write(trx, entry, now)).entryId;
  }

  /**
   * post(), answering the user's balances after the entry: what a transfer answers. They come
   * back from the statement that moves the balances (PostgreSQL: the entry's one statement).
   */
  async postAndRead(trx: Q, userId: number, entry: EntryInput, now = Date.now()): Promise<Balances> {
    const { balances } = await this.write(trx, entry, now, userId);
    return toMajor(balances ?? (await repo.balancesOf(trx, userId)));
  }

  private async write(trx: Q, entry: EntryInput, now: number, readUser?: number): Promise<{ entryId: number; balances: MinorBalances | null }> {
    const sums = new Map<Asset, number>();
    for (const p of entry.postings) {
      if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger: bad posting amount ${p.amount}`);
      sums.set(p.asset, (sums.get(p.asset) ?? 0) + p.amount);
    }
    for (const [asset, sum] of sums) if (sum !== 0) throw new Error(`ledger: ${entry.kind} postings for ${asset} sum to ${sum}, not 0`);

    await this.resolve(trx, entry.postings);
    const postings: PostingRow[] = entry.postings.map((p) => ({ accountId: this.ids.get(accountKey(p.account, p.asset)) as number, asset: p.asset, amount: p.amount }));
    // Only user balances are kept on their rows (and must never go below zero). System
    // accounts stand for the outside world and are touched by nearly every entry: keeping a
    // running balance on them would make every transfer wait for (and on PostgreSQL deadlock
    // over) the same few rows. Their balance is the sum of their postings.
    const delta = new Map<number, number>();
    entry.postings.forEach((p, i) => {
      const { accountId } = postings[i] as PostingRow;
      if ('user' in p.account) delta.set(accountId, (delta.get(accountId) ?? 0) + p.amount);
    });
    const changes: BalanceChange[] = [...delta].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a - b).map(([accountId, amount]) => ({ accountId, amount }));
    const row: EntryRow = { kind: entry.kind, reference: entry.reference ?? null, memo: entry.memo, createdAt: now };

    if (this.dialect === 'postgres') {
      const done = await repo.postInOneStatement(trx, { changes, entry: row, postings, ...(readUser === undefined ? {} : { readUser }) });
      if (done.entryId === null) throw await this.tooLow(trx, changes);
      return { entryId: done.entryId, balances: done.balances };
    }
    let balances: MinorBalances | null = null;
    if (readUser !== undefined) {
      balances = await repo.moveBalancesAndReadSqlite(trx, changes, readUser);
      if (!balances) throw await this.tooLow(trx, changes);
    } else if (changes.length > 0 && (await repo.moveBalancesSqlite(trx, changes)) !== changes.length) throw await this.tooLow(trx, changes);
    const entryId = await repo.insertEntry(trx, row);
    await repo.insertPostings(trx, entryId, postings);
    return { entryId, balances };
  }

  /** The refusal for an entry that would take a balance below zero; the caller's transaction rolls back. */
  private async tooLow(trx: Q, changes: BalanceChange[]): Promise<InsufficientBalance> {
    const rows = await repo.accountBalances(trx, changes.map((c) => c.accountId));
    const culprit = rows.find((a) => a.balance + (changes.find((c) => c.accountId === a.id)?.amount ?? 0) < 0);
    return new InsufficientBalance(culprit?.asset ?? 'par');
  }

  /** Balances in minor units. */
  balancesMinor(db: Q, userId: number): Promise<MinorBalances> {
    return repo.balancesOf(db, userId);
  }

  /**
   * Balances in minor units, locked until the transaction ends: for a decision made from a
   * balance (how many points a cancellation can still take back), so no other entry moves it
   * between the read and the write. SQLite's write transaction is exclusive already.
   */
  lockedBalancesMinor(trx: Q, userId: number): Promise<MinorBalances> {
    return repo.balancesOf(trx, userId, this.dialect === 'postgres');
  }

  /** Balances as the API answers them (major units). */
  async balances(db: Q, userId: number): Promise<Balances> {
    return toMajor(await repo.balancesOf(db, userId));
  }

  /** Looks up (in one query) the ids of the accounts not cached yet. */
  private async resolve(trx: Q, postings: PostingInput[]): Promise<void> {
    const missing = postings.filter((p) => !this.ids.has(accountKey(p.account, p.asset)));
    if (missing.length === 0) return;
    const users = [...new Set(missing.flatMap((p) => ('user' in p.account ? [p.account.user] : [])))];
    const codes = [...new Set(missing.flatMap((p) => ('system' in p.account ? [p.account.system] : [])))];
    const rows = await repo.findAccounts(trx, users, codes);
    for (const r of rows) this.ids.set(accountKey(r.user_id === null ? { system: r.code as SystemAccount } : { user: r.user_id }, r.asset), r.id);
    for (const p of missing) if (!this.ids.has(accountKey(p.account, p.asset))) throw new Error(`ledger: no ${p.asset} account for ${accountKey(p.account, p.asset)}`);
  }
}
