import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function findUserForDetail(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('ledger_account as par', (join) => join.onRef('par.user_id', '=', 'u.id').on('par.asset', '=', 'par'))
    .select(['u.id', 'u.user_name', 'u.full_name', 'u.email', 'u.role', 'u.wallet_id', 'u.lifetime_spend', 'par.balance as par_balance'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
