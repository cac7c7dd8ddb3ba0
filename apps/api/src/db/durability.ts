import { sql, type Transaction } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './database.js';

/**
 * Runs `fn` in one transaction whose COMMIT does not wait for the disk to confirm.
 *
 * Only for bookkeeping a power cut may lose without harm: a new sign-in session (the user
 * signs in again) or a failed-sign-in counter. Money, stock, orders, credentials and every
 * revocation commit the normal way, waiting for the disk. Why it matters: on SQLite the
 * flush runs on the event loop (better-sqlite3 is synchronous) and took 2-4 ms here, so a
 * sign-in flood stalled every other request behind the disk.
 *
 * Order is kept: SQLite's WAL and PostgreSQL's WAL are sequential, so the next commit that
 * waits for the disk makes everything before it durable too. Nothing is ever half-written.
 */
export async function commitWithoutFlush<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return fn(trx);
    });
  }
  // The one SQLite connection is held throughout, so no other transaction can commit while
  // the setting is relaxed; it is restored before the connection is let go.
  return db.kysely.connection().execute(async (conn) => {
    await sql`pragma synchronous = normal`.execute(conn);
    try {
      return await conn.transaction().execute(fn);
    } finally {
      await sql`pragma synchronous = full`.execute(conn);
    }
  });
}
