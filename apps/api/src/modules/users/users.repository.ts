import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function findUserForDetail(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'full_name', 'email', 'role', 'wallet_id', 'lifetime_spend'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
