import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from './connection.js';
import type { Database } from './database.js';

/**
 * Serialises changes to one user's rows (addresses, cards, ...) inside a transaction.
 * PostgreSQL: a row lock on the user. SQLite: the transaction already holds the database
 * write lock from BEGIN IMMEDIATE, so there is nothing more to take.
 */
export async function lockUser(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') await lockedRead(trx.selectFrom('app_user').select('id').where('id', '=', userId), dialect).execute();
}

/**
 * Reads rows to decide from, locked until the transaction ends: `FOR UPDATE` on PostgreSQL
 * (of the given table alias when the query joins others). On SQLite every write transaction
 * holds the database's write lock from BEGIN IMMEDIATE, so a read inside it is already one
 * nobody else can change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over our tables
export function lockedRead<QB extends SelectQueryBuilder<Database, any, any>>(qb: QB, dialect: DialectName, alias?: string): QB {
  if (dialect !== 'postgres') return qb;
  return (alias ? qb.forUpdate(alias as never) : qb.forUpdate()) as QB;
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
