import type { UserDetail } from '@parmeta/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { DEFAULT_MEMBER_CLASSES, memberClassFor } from './member-class.js';
import { findUserForDetail } from './users.repository.js';

/**
 * The user detail of the original. Saved addresses, cards and the par balance join in as
 * the account-area and ledger features land; until then the lists are empty and par is 0.
 */
export async function getUserDetail(db: Kysely<Database>, userId: number): Promise<UserDetail> {
  const user = await findUserForDetail(db, userId);
  if (!user) throw notFound('This account no longer exists.');
  return {
    userName: user.user_name,
    fullName: user.full_name,
    email: user.email,
    memberClass: memberClassFor(user.lifetime_spend, DEFAULT_MEMBER_CLASSES).name,
    parAmount: 0,
    walletId: user.wallet_id,
    role: user.role,
    address: [],
    allCard: [],
  };
}

/** The acting user is the token's subject: a user_id naming anyone else is refused. */
export function assertSelf(requested: string, callerUserName: string): void {
  if (requested !== callerUserName) throw forbidden("You can only see your own account's data.");
}
