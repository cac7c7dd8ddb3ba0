import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { exclusively } from '../../db/locks.js';
import type { HashPool } from '../auth/hash-pool.js';
import type { Ledger } from '../ledger/ledger.js';

export interface AdminSpec {
  email: string;
  password: string;
  userName?: string;
  fullName?: string;
}

/**
 * Decided under one lock: instances starting at once (ADMIN_EMAIL on each) must not all see
 * "no such account" and all insert it, which ended every start but one on the duplicate key.
 */
const BOOTSTRAP_LOCK = 'admin-bootstrap';

/**
 * Makes sure an admin account exists: an existing account with that email becomes an
 * admin (and counts as verified); otherwise a new verified admin is created.
 * Answers whether the account was created. Safe with several instances at once.
 */
export async function ensureAdmin(db: Db, hashPool: HashPool, ledger: Ledger, spec: AdminSpec): Promise<{ created: boolean; userName: string }> {
  const email = spec.email.trim().toLowerCase();
  // Hashed before the lock: it takes a while, and the other instances would wait for it.
  const passwordHash = await hashPool.hash(spec.password);
  return exclusively(db.kysely, db.dialect, BOOTSTRAP_LOCK, async (trx) => {
    const now = Date.now();
    const existing = await trx.selectFrom('app_user').select(['id', 'user_name']).where('email', '=', email).executeTakeFirst();
    if (existing) {
      await trx.updateTable('app_user').set({ role: 'admin', password_hash: passwordHash, email_verified_at: now, updated_at: now }).where('id', '=', existing.id).execute();
      return { created: false, userName: existing.user_name };
    }
    return { created: true, userName: await insertAdmin(trx, ledger, { ...spec, email }, passwordHash, now) };
  });
}

/**
 * The demo admin of the embedded default, made only while there is no admin at all; several
 * instances starting at once make one between them. Answers whether it was created.
 */
export async function ensureFirstAdmin(db: Db, hashPool: HashPool, ledger: Ledger, spec: AdminSpec): Promise<boolean> {
  if (await hasAdmin(db.kysely)) return false;
  const passwordHash = await hashPool.hash(spec.password);
  return exclusively(db.kysely, db.dialect, BOOTSTRAP_LOCK, async (trx) => {
    if (await hasAdmin(trx)) return false;
    await insertAdmin(trx, ledger, spec, passwordHash, Date.now());
    return true;
  });
}

async function insertAdmin(trx: Kysely<Database>, ledger: Ledger, spec: AdminSpec, passwordHash: string, now: number): Promise<string> {
  const userName = spec.userName ?? 'admin';
  const row = await trx
    .insertInto('app_user')
    .values({ user_name: userName, full_name: spec.fullName ?? 'Shop Admin', email: spec.email.trim().toLowerCase(), password_hash: passwordHash, email_verified_at: now, role: 'admin', wallet_id: `0x${randomBytes(20).toString('hex')}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ledger.openUserAccounts(trx, row.id);
  return userName;
}

export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('app_user').select('id').where('role', '=', 'admin').executeTakeFirst()) !== undefined;
}
