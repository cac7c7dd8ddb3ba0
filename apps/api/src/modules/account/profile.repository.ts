import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export async function findProfile(db: Q, userId: number) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('user_profile as p', 'p.user_id', 'u.id')
    .select(['u.user_name', 'u.full_name', 'p.first_name', 'p.last_name', 'p.phone', 'p.birthday', 'p.avatar_key'])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface ProfileValues {
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  birthday: string | null;
}

/** Writes the profile; the avatar key only changes when a new image was stored. */
export async function upsertProfile(db: Q, userId: number, values: ProfileValues, avatarKey: string | undefined, now: number) {
  const row = { ...values, ...(avatarKey ? { avatar_key: avatarKey } : {}), updated_at: now };
  await db
    .insertInto('user_profile')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** The account's display name follows the profile's: the header, mails and checkout use it. */
export async function setFullName(db: Q, userId: number, fullName: string, now: number): Promise<void> {
  await db.updateTable('app_user').set({ full_name: fullName, updated_at: now }).where('id', '=', userId).execute();
}
