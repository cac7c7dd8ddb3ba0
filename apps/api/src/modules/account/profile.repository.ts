import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function findProfile(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('user_profile as p', 'p.user_id', 'u.id')
    .select(['u.user_name', 'p.first_name', 'p.last_name', 'p.phone', 'p.birthday', 'p.avatar_key'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  birthday: string;
}

/** Writes the profile; the avatar key only changes when a new image was stored. */
export async function upsertProfile(db: Kysely<Database>, userId: number, values: ProfileValues, avatarKey: string | undefined, now: number) {
  const row = { ...values, ...(avatarKey ? { avatar_key: avatarKey } : {}), updated_at: now };
  await db
    .insertInto('user_profile')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}
