import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ChallengeKind } from './security.table.js';

type Q = Kysely<Database>;

export async function insertChallenge(db: Q, c: { value: string; kind: ChallengeKind; userId: number | null; detail?: string; expiresAt: number; now: number }): Promise<void> {
  await db.insertInto('auth_challenge').values({ value: c.value, kind: c.kind, user_id: c.userId, detail: c.detail ?? null, expires_at: c.expiresAt, created_at: c.now }).execute();
}

export type Consumed = { ok: true; userId: number | null; detail: string | null } | { ok: false; problem: 'unknown' | 'used' | 'expired' };

/**
 * Uses a challenge once: the conditional update succeeds for exactly one caller, only while it
 * is unused and unexpired, and only for the kind (and, when given, the user) it was made for.
 */
export async function consumeChallenge(db: Q, value: string, kind: ChallengeKind, now: number, userId?: number): Promise<Consumed> {
  let query = db.selectFrom('auth_challenge').select(['user_id', 'detail', 'expires_at', 'used_at']).where('value', '=', value).where('kind', '=', kind);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) return { ok: false, problem: 'unknown' };
  if (row.used_at !== null) return { ok: false, problem: 'used' };
  if (row.expires_at <= now) return { ok: false, problem: 'expired' };
  const res = await db.updateTable('auth_challenge').set({ used_at: now }).where('value', '=', value).where('used_at', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return { ok: false, problem: 'used' };
  return { ok: true, userId: row.user_id, detail: row.detail };
}

/** Housekeeping: challenges are worth nothing a day after they expired. */
export async function deleteOldChallenges(db: Q, before: number): Promise<number> {
  const res = await db.deleteFrom('auth_challenge').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
