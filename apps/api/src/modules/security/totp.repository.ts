import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export async function findTotp(db: Q, userId: number) {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new secret waiting for its first code; replaces one that was never confirmed. */
export async function putPendingTotp(db: Q, userId: number, secret: string, now: number): Promise<boolean> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  const res = await db.insertInto('user_totp').values({ user_id: userId, secret, created_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was:
 * the same code (or an older one) can never be accepted twice, even by two requests at once.
 */
export async function acceptStep(db: Q, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function enableTotp(db: Q, userId: number, now: number): Promise<boolean> {
  const res = await db.updateTable('user_totp').set({ enabled_at: now }).where('user_id', '=', userId).where('enabled_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Q, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Q, userId: number, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  await db.insertInto('recovery_code').values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now }))).execute();
}

/** Uses a recovery code once (conditional update); answers whether it was there and unused. */
export async function useRecoveryCode(db: Q, userId: number, hash: string, now: number): Promise<boolean> {
  const res = await db.updateTable('recovery_code').set({ used_at: now }).where('user_id', '=', userId).where('code_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) >= 1;
}

export async function recoveryCodesLeft(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasPasskey(db: Q, userId: number): Promise<boolean> {
  return (await db.selectFrom('passkey').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}
