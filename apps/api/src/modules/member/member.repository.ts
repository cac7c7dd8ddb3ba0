import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';
import type { UserRow } from '../users/users.table.js';

type Q = Kysely<Database>;

const openUserQuery = (db: Q, userId: number) => db.selectFrom('app_user').selectAll().where('id', '=', userId).where('deleted_at', 'is', null);

/** An account that is still open; a closed one answers nothing. With `lock`, the row stays locked (the member's lock). */
export async function openUser(db: Q, userId: number, lock?: DialectName): Promise<UserRow | undefined> {
  const query = openUserQuery(db, userId);
  return (lock ? lockedRead(query, lock) : query).executeTakeFirst();
}

/**
 * The account locked to close it. `FOR UPDATE` on PostgreSQL, not the `FOR NO KEY UPDATE` of
 * `openUser`: only it conflicts with the key share that `holdMember` (db/locks.ts) and every
 * foreign key check take, so an order, a top-up or a row pointing at the member either commits
 * before the closing reads the open business, or waits and then finds the account closed.
 */
export async function lockForClosing(trx: Q, userId: number, dialect: DialectName): Promise<UserRow | undefined> {
  const query = openUserQuery(trx, userId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Changes the password only if it is still the one that was checked: two changes at once cannot both win. */
export async function replacePasswordHash(db: Q, userId: number, from: string, to: string, now: number): Promise<boolean> {
  const res = await db.updateTable('app_user').set({ password_hash: to, updated_at: now }).where('id', '=', userId).where('password_hash', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- email changes -----------------------------------------------------------------

export async function pendingEmailChange(db: Q, userId: number, now: number) {
  return db
    .selectFrom('email_change')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A newer request replaces an older one: its link stops working. */
export async function expireEmailChanges(db: Q, userId: number, now: number): Promise<void> {
  await db.updateTable('email_change').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function insertEmailChange(db: Q, c: { userId: number; newEmail: string; hash: string; expiresAt: number; now: number }): Promise<void> {
  await db.insertInto('email_change').values({ user_id: c.userId, new_email: c.newEmail, token_hash: c.hash, expires_at: c.expiresAt, created_at: c.now }).execute();
}

/** The change a link names, locked for the transaction that applies it. */
/** Whose email change a link names, without a lock (to take the member's lock first). */
export async function emailChangeOwner(db: Q, hash: string): Promise<number | undefined> {
  return (await db.selectFrom('email_change').select('user_id').where('token_hash', '=', hash).executeTakeFirst())?.user_id;
}

export async function lockEmailChange(db: Q, dialect: DialectName, hash: string) {
  return lockedRead(db.selectFrom('email_change').selectAll().where('token_hash', '=', hash), dialect).executeTakeFirst();
}

export async function markEmailChangeUsed(db: Q, id: number, now: number): Promise<boolean> {
  const res = await db.updateTable('email_change').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setEmail(db: Q, userId: number, email: string, now: number): Promise<void> {
  await db.updateTable('app_user').set({ email, email_verified_at: now, updated_at: now }).where('id', '=', userId).execute();
}

export async function emailTaken(db: Q, email: string, exceptUserId: number): Promise<boolean> {
  const row = await db.selectFrom('app_user').select('id').where('email', '=', email).where('id', '<>', exceptUserId).executeTakeFirst();
  return row !== undefined;
}
