import type { Kysely, SelectQueryBuilder } from 'kysely';
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
