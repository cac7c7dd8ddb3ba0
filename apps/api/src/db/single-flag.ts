import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';

/**
 * Rows where exactly one per user carries a flag (the main address, the default card).
 * A partial unique index guarantees "at most one"; these keep "at least one whenever
 * there are any". Call them inside a transaction that holds lockUser.
 */
type FlagTable = 'user_address' | 'user_card';
type FlagColumn = 'is_main' | 'is_default';

export async function moveFlag(trx: Kysely<Database>, table: FlagTable, column: FlagColumn, userId: number, id: number): Promise<void> {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = 0 where user_id = ${userId} and ${sql.ref(column)} = 1 and id <> ${id}`.execute(trx);
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = 1 where user_id = ${userId} and id = ${id}`.execute(trx);
}

/** After a delete: when no row carries the flag, give it to the oldest remaining row. */
export async function ensureFlag(trx: Kysely<Database>, table: FlagTable, column: FlagColumn, userId: number): Promise<void> {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = 1
    where id = (select min(id) from ${sql.table(table)} where user_id = ${userId})
      and not exists (select 1 from ${sql.table(table)} where user_id = ${userId} and ${sql.ref(column)} = 1)`.execute(trx);
}
