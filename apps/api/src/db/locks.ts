import type { Kysely } from 'kysely';
import type { DialectName } from './connection.js';
import type { Database } from './database.js';

/**
 * Serialises changes to one user's rows (addresses, cards, ...) inside a transaction.
 * PostgreSQL: a row lock on the user. SQLite: the transaction already holds the database
 * write lock from BEGIN IMMEDIATE, so there is nothing more to take.
 */
export async function lockUser(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('app_user').select('id').where('id', '=', userId).forUpdate().execute();
}
