import { ASSETS, type Asset, type Balances, fromMinor, ASSET_SCALE } from '@parmeta/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { DialectName } from '../../db/connection.js';

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
    const sums = new Map<Asset, number>();
    for (const p of entry.postings) {
      if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger: bad posting amount ${p.amount}`);
      sums.set(p.asset, (sums.get(p.asset) ?? 0) + p.amount);
    }
    for (const [asset, sum] of sums) if (sum !== 0) throw new Error(`ledger: ${entry.kind} postings for ${asset} sum to ${sum}, not 0`);

    await this.resolve(trx, entry.postings);
    const resolved = entry.postings.map((p) => ({ ...p, accountId: this.ids.get(accountKey(p.account, p.asset)) as number }));
    // Only user balances are kept on their rows (and must never go below zero). System
    // accounts stand for the outside world and are touched by nearly every entry: keeping a
    // running balance on them would make every transfer wait for (and on PostgreSQL deadlock
    // over) the same few rows. Their balance is the sum of their postings.
    const delta = new Map<number, number>();
    for (const p of resolved) if ('user' in p.account) delta.set(p.accountId, (delta.get(p.accountId) ?? 0) + p.amount);
    const changes = [...delta].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a - b);
    if (changes.length > 0) {
      const change = sql<number>`case id ${sql.join(changes.map(([id, amount]) => sql`when ${id} then ${amount}`), sql` `)} else 0 end`;
      const ids = changes.map(([id]) => id);
      // One conditional update for every user account of the entry; fewer rows changed than
      // accounts means a balance was too low. On PostgreSQL the rows are locked in id order
      // first, so two entries touching the same accounts cannot deadlock.
      const res =
        this.dialect === 'postgres'
          ? await sql`with locked as (select id from ledger_account where id in (${sql.join(ids)}) order by id for update)
              update ledger_account set balance = balance + ${change}
              where id in (select id from locked) and balance + ${change} >= 0`.execute(trx)
          : await sql`update ledger_account set balance = balance + ${change} where id in (${sql.join(ids)}) and balance + ${change} >= 0`.execute(trx);
      if (Number(res.numAffectedRows ?? 0) !== ids.length) {
        const short = await trx.selectFrom('ledger_account').select(['id', 'asset', 'balance']).where('id', 'in', ids).execute();
        const culprit = short.find((a) => a.balance + (delta.get(a.id) ?? 0) < 0);
        throw new InsufficientBalance(culprit?.asset ?? 'par');
      }
    }
    const { id } = await trx
      .insertInto('journal_entry')
      .values({ kind: entry.kind, reference: entry.reference ?? null, memo: entry.memo, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('posting')
      .values(resolved.map((p) => ({ entry_id: id, account_id: p.accountId, asset: p.asset, amount: p.amount })))
      .execute();
    return id;
  }

  /** Balances in minor units. */
  async balancesMinor(db: Q, userId: number): Promise<Record<Asset, number>> {
    const rows = await db.selectFrom('ledger_account').select(['asset', 'balance']).where('user_id', '=', userId).execute();
    const out: Record<Asset, number> = { par: 0, meta: 0, premium: 0 };
    for (const r of rows) out[r.asset] = r.balance;
    return out;
  }

  /** Balances as the API answers them (major units). */
  async balances(db: Q, userId: number): Promise<Balances> {
    const minor = await this.balancesMinor(db, userId);
    return { par: fromMinor(minor.par, ASSET_SCALE.par), meta: fromMinor(minor.meta, ASSET_SCALE.meta), premium: minor.premium };
  }

  /** Looks up (in one query) the ids of the accounts not cached yet. */
  private async resolve(trx: Q, postings: PostingInput[]): Promise<void> {
    const missing = postings.filter((p) => !this.ids.has(accountKey(p.account, p.asset)));
    if (missing.length === 0) return;
    const users = [...new Set(missing.flatMap((p) => ('user' in p.account ? [p.account.user] : [])))];
    const codes = [...new Set(missing.flatMap((p) => ('system' in p.account ? [p.account.system] : [])))];
    const rows = await trx
      .selectFrom('ledger_account')
      .select(['id', 'user_id', 'code', 'asset'])
      .where((eb) => eb.or([...(users.length ? [eb('user_id', 'in', users)] : []), ...(codes.length ? [eb.and([eb('user_id', 'is', null), eb('code', 'in', codes)])] : [])]))
      .execute();
    for (const r of rows) this.ids.set(accountKey(r.user_id === null ? { system: r.code as SystemAccount } : { user: r.user_id }, r.asset), r.id);
    for (const p of missing) if (!this.ids.has(accountKey(p.account, p.asset))) throw new Error(`ledger: no ${p.asset} account for ${accountKey(p.account, p.asset)}`);
  }
}
