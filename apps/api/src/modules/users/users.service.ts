import type { UserDetail } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { accountGone, forbidden } from '../../http/errors.js';
import { toAddress } from '../account/address.service.js';
import { listAddressRows } from '../account/address.repository.js';
import { listCardRows } from '../account/card.repository.js';
import { toSavedCard } from '../account/card.service.js';
import { avatarUrl } from '../account/profile.service.js';
import { memberClassFor, memberProgress, type MemberClassRule } from './member-class.js';
import { findUserForDetail } from './users.repository.js';

/**
 * The user detail of the original: identity, member class, par balance, saved
 * addresses and cards; parAmount is the par balance of the ledger.
 */
export async function getUserDetail(db: Kysely<Database>, userId: number, classes: readonly MemberClassRule[]): Promise<UserDetail> {
  const [user, addresses, cards] = await Promise.all([findUserForDetail(db, userId), listAddressRows(db, userId), listCardRows(db, userId)]);
  if (!user) throw accountGone();
  return {
    userName: user.user_name,
    fullName: user.full_name,
    avatar: avatarUrl(user.avatar_key, 64),
    email: user.email,
    memberClass: memberClassFor(user.lifetime_spend, classes).name,
    memberProgress: memberProgress(user.lifetime_spend, classes),
    parAmount: fromMinor(user.par_balance ?? 0),
    walletId: user.wallet_id,
    role: user.role,
    address: addresses.map((a) => toAddress(a, user.user_name)),
    allCard: cards.map(toSavedCard),
  };
}

/** The acting user is the token's subject: a user_id naming anyone else is refused. */
export function assertSelf(requested: string, callerUserName: string): void {
  if (requested !== callerUserName) throw forbidden("You can only see or change your own account's data.");
}
