import type { Asset } from '@parmeta/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

type Q = Kysely<Database>;

/** A change of one user account's running balance (minor units). */
export interface BalanceChange {
  accountId: number;
  amount: number;
}

export interface PostingRow {
  accountId: number;
  asset: Asset;
  amount: number;
}

export interface EntryRow {
  kind: string;
  reference: string | null;
  memo: string;
  createdAt: number;
}

export type MinorBalances = Record<Asset, number>;

export async function findAccounts(trx: Q, users: number[], codes: string[]) {
  return trx
    .selectFrom('ledger_account')
    .select(['id', 'user_id', 'code', 'asset'])
    .where((eb) => eb.or([...(users.length ? [eb('user_id', 'in', users)] : []), ...(codes.length ? [eb.and([eb('user_id', 'is', null), eb('code', 'in', codes)])] : [])]))
    .execute();
}

/** With `lock` (PostgreSQL, inside a transaction), the accounts stay locked until it ends. */
export async function balancesOf(db: Q, userId: number, lock = false): Promise<MinorBalances> {
  const query = db.selectFrom('ledger_account').select(['asset', 'balance']).where('user_id', '=', userId);
  return toBalances(await (lock ? query.orderBy('id').forNoKeyUpdate() : query).execute());
}

export async function accountBalances(trx: Q, ids: number[]) {
  return trx.selectFrom('ledger_account').select(['id', 'asset', 'balance']).where('id', 'in', ids).execute();
}

/**
 * SQLite: one conditional update for every changed account; answers how many rows moved
 * (fewer than changes: a balance was too low). The transaction holds the database's write
 * lock, so nothing else can change a balance between the check and the write.
 */
export async function moveBalancesSqlite(trx: Q, changes: BalanceChange[]): Promise<number> {
  const change = sql<number>`case id ${sql.join(changes.map((c) => sql`when ${c.accountId} then ${c.amount}`), sql` `)} else 0 end`;
  const ids = changes.map((c) => c.accountId);
  const res = await sql`update ledger_account set balance = balance + ${change} where id in (${sql.join(ids)}) and balance + ${change} >= 0`.execute(trx);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * moveBalancesSqlite, answering `readUser`'s balances after the move from the same statement:
 * that user's other accounts are touched with + 0 (a no-op on a row the entry's pages hold
 * already) so RETURNING carries every balance. Null when a changed balance was too low.
 */
export async function moveBalancesAndReadSqlite(trx: Q, changes: BalanceChange[], readUser: number): Promise<MinorBalances | null> {
  const change = changes.length > 0 ? sql<number>`case id ${sql.join(changes.map((c) => sql`when ${c.accountId} then ${c.amount}`), sql` `)} else 0 end` : sql<number>`0`;
  const ids = changes.length > 0 ? sql.join(changes.map((c) => c.accountId)) : sql`null`;
  const { rows } = await sql<{ id: number; user_id: number | null; asset: Asset; balance: number }>`
    update ledger_account set balance = balance + ${change}
    where (id in (${ids}) or user_id = ${readUser}) and balance + ${change} >= 0
    returning id, user_id, asset, balance`.execute(trx);
  const moved = new Set(changes.map((c) => c.accountId));
  if (rows.filter((r) => moved.has(r.id)).length !== changes.length) return null;
  return toBalances(rows.filter((r) => r.user_id === readUser));
}

// Built once (db/prepared.ts): every entry on SQLite writes one.
const entryInsert = prepared((db, e: EntryRow) => db.insertInto('journal_entry').values({ kind: e.kind, reference: e.reference, memo: e.memo, created_at: e.createdAt }).returning('id'));

export async function insertEntry(trx: Q, entry: EntryRow): Promise<number> {
  const [row] = (await entryInsert(trx, entry)).rows;
  if (!row) throw new Error('journal_entry: the insert answered no row');
  return row.id;
}

export async function insertPostings(trx: Q, entryId: number, postings: PostingRow[]): Promise<void> {
  await trx
    .insertInto('posting')
    .values(postings.map((p) => ({ entry_id: entryId, account_id: p.accountId, asset: p.asset, amount: p.amount })))
    .execute();
}

/**
 * PostgreSQL: the whole entry in one statement, so one round trip and the account rows
 * stay locked only for as long as the statement and the COMMIT take. The changed user
 * accounts are locked in id order first (two entries over the same accounts cannot
 * deadlock), each balance moves only if it stays >= 0, and the entry and its postings are
 * written only if every balance moved. Answers the entry id, or null when a balance was
 * too low (the caller then rolls back: a balance that did move must not stay moved), and,
 * when `readUser` is given, that user's balances after the entry. The SQL text is the same
 * for every entry: the changes and postings travel as arrays.
 */
export async function postInOneStatement(
  trx: Q,
  p: { changes: BalanceChange[]; entry: EntryRow; postings: PostingRow[]; readUser?: number },
): Promise<{ entryId: number | null; balances: MinorBalances | null }> {
  const changeIds = p.changes.map((c) => c.accountId);
  const entryPart = sql`
    changes as (select * from unnest(${changeIds}::bigint[], ${p.changes.map((c) => c.amount)}::bigint[]) as c(id, amount)),
    locked as (select id from ledger_account where id = any(${changeIds}::bigint[]) order by id for update),
    moved as (
      update ledger_account a set balance = a.balance + c.amount from changes c
      where a.id = c.id and a.id in (select id from locked) and a.balance + c.amount >= 0
      returning a.id, a.balance),
    entry as (
      insert into journal_entry (kind, reference, memo, created_at)
      select ${p.entry.kind}::varchar, ${p.entry.reference}::varchar, ${p.entry.memo}::varchar, ${p.entry.createdAt}::bigint
      where (select count(*) from moved) = ${p.changes.length}
      returning id),
    posted as (
      insert into posting (entry_id, account_id, asset, amount)
      select entry.id, x.account_id, x.asset, x.amount from entry
      cross join unnest(${p.postings.map((x) => x.accountId)}::bigint[], ${p.postings.map((x) => x.asset)}::varchar[], ${p.postings.map((x) => x.amount)}::bigint[]) as x(account_id, asset, amount))`;
  if (p.readUser === undefined) {
    const { rows } = await sql<{ entry_id: number | null }>`with ${entryPart} select (select id from entry) as entry_id`.execute(trx);
    return { entryId: rows[0]?.entry_id ?? null, balances: null };
  }
  // Accounts the entry did not touch keep the balance this statement saw.
  const { rows } = await sql<{ entry_id: number | null; asset: Asset | null; balance: number | null }>`
    with ${entryPart}
    select e.entry_id, a.asset, coalesce(m.balance, a.balance) as balance
    from (select (select id from entry) as entry_id) e
    left join (ledger_account a left join moved m on m.id = a.id) on a.user_id = ${p.readUser}`.execute(trx);
  const entryId = rows[0]?.entry_id ?? null;
  return { entryId, balances: entryId === null ? null : toBalances(rows.flatMap((r) => (r.asset === null ? [] : [{ asset: r.asset, balance: Number(r.balance) }]))) };
}

function toBalances(rows: { asset: Asset; balance: number }[]): MinorBalances {
  const out: MinorBalances = { par: 0, meta: 0, premium: 0 };
  for (const r of rows) out[r.asset] = r.balance;
  return out;
}
