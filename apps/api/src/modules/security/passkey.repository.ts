import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PasskeyRow } from './security.table.js';

type Q = Kysely<Database>;

export async function passkeysOf(db: Q, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkey').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function findByCredentialId(db: Q, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkey').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: Q, p: Omit<PasskeyRow, 'id' | 'last_used_at'>): Promise<PasskeyRow> {
  return db.insertInto('passkey').values(p).returningAll().executeTakeFirstOrThrow();
}

/** The counter moves on only from the value the check was made against: two uses at once cannot both pass. */
export async function recordUse(db: Q, id: number, seenCounter: number, newCounter: number, now: number): Promise<boolean> {
  const res = await db.updateTable('passkey').set({ counter: newCounter, last_used_at: now }).where('id', '=', id).where('counter', '=', seenCounter).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Q, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('passkey').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
