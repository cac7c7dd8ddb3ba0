import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function findUserForDetail(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('ledger_account as par', (join) => join.onRef('par.user_id', '=', 'u.id').on('par.asset', '=', 'par'))
    .leftJoin('user_profile as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.user_name', 'u.full_name', 'u.email', 'u.role', 'u.wallet_id', 'u.lifetime_spend', 'u.created_at', 'u.email_verified_at', 'par.balance as par_balance', 'p.avatar_key'])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}
