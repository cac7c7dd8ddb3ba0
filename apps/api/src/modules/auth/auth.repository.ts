import type { DialectName } from '../../db/connection.js';
import { lockedRead } from '../../db/locks.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NewUser, UserRow } from '../users/users.table.js';
import type { SignInMethod } from './auth.table.js';

type Q = Kysely<Database>;

export async function findUserByLogin(db: Q, login: string): Promise<UserRow | undefined> {
  const column = login.includes('@') ? 'email' : 'user_name';
  return db.selectFrom('app_user').selectAll().where(column, '=', login).where('deleted_at', 'is', null).executeTakeFirst();
}

/** An open account by id: every way in (refresh, passkey, wallet, a second step, mail links) finds no closed one. */
export async function findUserById(db: Q, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findTakenIdentity(db: Q, userName: string, email: string) {
  return db.selectFrom('app_user').select(['user_name', 'email']).where((eb) => eb.or([eb('user_name', '=', userName), eb('email', '=', email)])).execute();
}

export async function insertUser(db: Q, user: NewUser): Promise<number> {
  const row = await db.insertInto('app_user').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(db: Q, userId: number, now: number): Promise<void> {
  await db.updateTable('app_user').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

export async function setPasswordHash(db: Q, userId: number, hash: string, now: number): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', userId).execute();
}

// --- sessions and refresh tokens -------------------------------------------------

export async function insertSession(
  db: Q,
  session: { id: string; userId: number; now: number; method: SignInMethod; secondFactor: 'totp' | 'recovery' | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('auth_session')
    .values({ id: session.id, user_id: session.userId, created_at: session.now, method: session.method, second_factor: session.secondFactor, user_agent: session.userAgent })
    .execute();
}

/** A renewal is a use: the sessions list shows it. */
export async function touchSession(db: Q, sessionId: string, now: number): Promise<void> {
  await db.updateTable('auth_session').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

/** Sessions not revoked whose newest refresh token has not expired. */
export async function activeSessions(db: Q, userId: number, now: number) {
  return db
    .selectFrom('auth_session as s')
    .select(['s.id', 's.method', 's.second_factor', 's.user_agent', 's.created_at', 's.last_used_at'])
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('refresh_token as t').select('t.id').whereRef('t.session_id', '=', 's.id').where('t.rotated_at', 'is', null).where('t.expires_at', '>', now)))
    .orderBy((eb) => eb.fn.coalesce('s.last_used_at', 's.created_at'), 'desc')
    .execute();
}

/** Revokes a session only if it is this user's and still active; answers whether it did. */
export async function revokeOwnSession(db: Q, userId: number, sessionId: string, reason: string, now: number): Promise<boolean> {
  const res = await db.updateTable('auth_session').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sessionId).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeOtherSessions(db: Q, userId: number, keepSessionId: string, reason: string, now: number): Promise<number> {
  const res = await db.updateTable('auth_session').set({ revoked_at: now, revoked_reason: reason }).where('user_id', '=', userId).where('id', '!=', keepSessionId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function insertRefreshToken(db: Q, t: { sessionId: string; hash: string; expiresAt: number; now: number }): Promise<void> {
  await db.insertInto('refresh_token').values({ session_id: t.sessionId, token_hash: t.hash, expires_at: t.expiresAt, created_at: t.now }).execute();
}

/** The token and its session; with `lock` (inside a transaction), the session stays locked until it ends. */
export async function findRefreshToken(db: Q, hash: string, lock?: DialectName) {
  const query = db
    .selectFrom('refresh_token as t')
    .innerJoin('auth_session as s', 's.id', 't.session_id')
    .select(['t.id', 't.session_id', 't.expires_at', 't.rotated_at', 's.user_id', 's.revoked_at', 's.method', 's.second_factor'])
    .where('t.token_hash', '=', hash);
  return (lock ? lockedRead(query, lock, 's') : query).executeTakeFirst();
}

/** Marks a token as used; answers false when another request rotated it first. */
export async function markRotated(db: Q, tokenId: number, now: number): Promise<boolean> {
  const res = await db.updateTable('refresh_token').set({ rotated_at: now }).where('id', '=', tokenId).where('rotated_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The token another one was exchanged for, while it is still unused: the exchange wrote the old
 * token's rotated_at and the new token's created_at from the same instant, in one transaction.
 */
export async function unusedSuccessor(db: Q, tokenId: number) {
  return db
    .selectFrom('refresh_token as t')
    .innerJoin('refresh_token as s', (join) => join.onRef('s.session_id', '=', 't.session_id').onRef('s.created_at', '=', 't.rotated_at'))
    .select(['s.id', 's.created_at'])
    .where('t.id', '=', tokenId)
    .where('s.rotated_at', 'is', null)
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

export async function revokeSession(db: Q, sessionId: string, reason: string, now: number): Promise<void> {
  await db.updateTable('auth_session').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Every session of the user, or every one but `keep` (the one that asked, after a password change). */
export async function revokeUserSessions(db: Q, userId: number, reason: string, now: number, keep?: string): Promise<void> {
  let query = db.updateTable('auth_session').set({ revoked_at: now, revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
}

export async function isSessionActive(db: Q, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('auth_session').select('revoked_at').where('id', '=', sessionId).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

// --- single-use email tokens ------------------------------------------------------

export async function insertEmailToken(db: Q, t: { userId: number; purpose: 'verify' | 'reset'; hash: string; expiresAt: number; now: number }) {
  await db.insertInto('email_token').values({ user_id: t.userId, purpose: t.purpose, token_hash: t.hash, expires_at: t.expiresAt, created_at: t.now }).execute();
}

/**
 * Uses an email token once: the conditional update succeeds for exactly one caller,
 * and only while the token is unused and unexpired. Answers the user id or a reason.
 */
export async function consumeEmailToken(db: Q, purpose: 'verify' | 'reset', hash: string, now: number): Promise<{ userId: number } | { problem: 'unknown' | 'used' | 'expired' }> {
  const row = await db.selectFrom('email_token').select(['id', 'user_id', 'expires_at', 'used_at']).where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
  if (!row) return { problem: 'unknown' };
  if (row.used_at !== null) return { problem: 'used' };
  if (row.expires_at <= now) return { problem: 'expired' };
  const res = await db.updateTable('email_token').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return { problem: 'used' };
  return { userId: row.user_id };
}

/** A newer link replaces older ones of the same purpose. */
export async function expireEmailTokens(db: Q, userId: number, purpose: 'verify' | 'reset', now: number): Promise<void> {
  await db.updateTable('email_token').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}
