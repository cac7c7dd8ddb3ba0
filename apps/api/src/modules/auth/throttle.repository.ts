import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface Window {
  hits: number;
  windowStart: number;
}

/**
 * Counts one hit in a fixed window, atomically (one upsert): a window older than
 * windowMs starts over at 1. Shared by every instance through the database.
 */
export async function hit(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<Window> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('throttle')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when throttle.window_start <= ${expired} then 1 else throttle.hits + 1 end`,
        window_start: sql<number>`case when throttle.window_start <= ${expired} then ${now} else throttle.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowStart: row.window_start };
}

/** Hits in the current window without counting one. */
export async function peek(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<Window> {
  const row = await db.selectFrom('throttle').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || row.window_start <= now - windowMs) return { hits: 0, windowStart: now };
  return { hits: row.hits, windowStart: row.window_start };
}

export async function clear(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
