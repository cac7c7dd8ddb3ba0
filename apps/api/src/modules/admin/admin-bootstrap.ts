import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import type { HashPool } from '../auth/hash-pool.js';
import type { Ledger } from '../ledger/ledger.js';

export interface AdminSpec {
  email: string;
  password: string;
  userName?: string;
  fullName?: string;
}

/**
 * Makes sure an admin account exists: an existing account with that email becomes an
 * admin (and counts as verified); otherwise a new verified admin is created.
 * Answers whether the account was created.
 */
export async function ensureAdmin(db: Db, hashPool: HashPool, ledger: Ledger, spec: AdminSpec): Promise<{ created: boolean; userName: string }> {
  const email = spec.email.trim().toLowerCase();
  const now = Date.now();
  const existing = await db.kysely.selectFrom('app_user').select(['id', 'user_name']).where('email', '=', email).executeTakeFirst();
  const passwordHash = await hashPool.hash(spec.password);
  if (existing) {
    await db.kysely.updateTable('app_user').set({ role: 'admin', password_hash: passwordHash, email_verified_at: now, updated_at: now }).where('id', '=', existing.id).execute();
    return { created: false, userName: existing.user_name };
  }
  const userName = spec.userName ?? 'admin';
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('app_user')
      .values({ user_name: userName, full_name: spec.fullName ?? 'Shop Admin', email, password_hash: passwordHash, email_verified_at: now, role: 'admin', wallet_id: `0x${randomBytes(20).toString('hex')}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.openUserAccounts(trx, row.id);
  });
  return { created: true, userName };
}

export async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.kysely.selectFrom('app_user').select('id').where('role', '=', 'admin').executeTakeFirst()) !== undefined;
}
