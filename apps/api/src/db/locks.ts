import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from './connection.js';
import { accountGone } from '../http/errors.js';
import type { Database } from './database.js';
import { prepared } from './prepared.js';

/**
 * Serialises changes to one user's rows (addresses, cards, ...) inside a transaction, and
 * refuses a closed account: closing can commit between the request's session check and this
 * transaction, and nothing personal may be written after it. PostgreSQL: a row lock on the
 * user. SQLite: the transaction already holds the database write lock from BEGIN IMMEDIATE,
 * so the read only has to look.
 */
export async function lockUser(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<void> {
  const row = await lockedRead(trx.selectFrom('app_user').select('deleted_at').where('id', '=', userId), dialect).executeTakeFirst();
  if (!row || row.deleted_at !== null) throw accountGone();
}

/**
 * Holds the member's row against the closing of their account, and refuses a closed one: for a
 * change that starts money or goods moving (an order, a top-up, an NFT reservation, points to
 * par). `FOR KEY SHARE` on PostgreSQL conflicts only with the closing's `FOR UPDATE`: paying and
 * cancelling, which update the row's spend while they hold stock or balances, do not wait for it
 * (docs/decisions/0020). Either the closing sees this change, or this change sees the account
 * closed (the closing locks the row `FOR UPDATE`, the one lock that conflicts with a key share).
 * Take it before any ledger account (decision 0019's lock order).
 */
export async function holdMember(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<{ lifetime_spend: number }> {
  const [row] = (await (dialect === 'postgres' ? memberKeyShared : memberRead)(trx, { userId })).rows;
  return heldMember(row);
}

/** The member's row as holdMember read it (or a statement that holds it the same way): refused when the account is gone. */
export function heldMember<Row extends { deleted_at: number | null }>(row: Row | null | undefined): Row {
  if (!row || row.deleted_at !== null) throw accountGone();
  return row;
}

// Built once (db/prepared.ts): every order and top-up holds its member.
const memberRow = (db: Kysely<Database>, userId: number) => db.selectFrom('app_user').select(['deleted_at', 'lifetime_spend']).where('id', '=', userId);
const memberRead = prepared((db, v: { userId: number }) => memberRow(db, v.userId));
const memberKeyShared = prepared((db, v: { userId: number }) => memberRow(db, v.userId).forKeyShare());

/**
 * Reads rows to decide from, locked until the transaction ends: `FOR NO KEY UPDATE` on
 * PostgreSQL (of the given table aliases when the query joins others). Not `FOR UPDATE`: that one
 * also waits for (and blocks) the key-share locks a foreign key check takes, so inserting an
 * order that references a locked member would wait on the member's lock. A change that locks a member's row
 * and their ledger accounts locks the member's row first (docs/decisions/0019). On SQLite every write transaction
 * holds the database's write lock from BEGIN IMMEDIATE, so a read inside it is already one
 * nobody else can change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over our tables
export function lockedRead<QB extends SelectQueryBuilder<Database, any, any>>(qb: QB, dialect: DialectName, of?: string | string[]): QB {
  if (dialect !== 'postgres') return qb;
  return (of ? qb.forNoKeyUpdate(of as never) : qb.forNoKeyUpdate()) as QB;
}

/**
 * Runs `work` in a transaction that no other instance on this database runs at the same time
 * under the same name (start-up steps such as creating the first admin). PostgreSQL: an
 * advisory lock held until the transaction ends, keyed by the schema and the name, so two
 * applications (or test schemas) in one database do not wait for each other. SQLite: BEGIN
 * IMMEDIATE already takes the database's write lock.
 */
export async function exclusively<T>(db: Kysely<Database>, dialect: DialectName, name: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ${name}, 0))`.execute(trx);
    return work(trx);
  });
}
