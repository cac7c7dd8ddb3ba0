import { randomBytes } from 'node:crypto';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/connection.js';
import { Ledger } from '../src/modules/ledger/ledger.js';
import { AccessTokens } from '../src/modules/auth/tokens.js';
import { creditPar } from './ledger-helpers.js';

/**
 * Many verified, signed-in users at once, made directly in the database (a real session row
 * and a real access token each), for concurrency tests where hashing 100 passwords through
 * sign-up would only add minutes.
 */
export async function quickUsers(db: Db, config: Config, count: number, parMinor = 0) {
  const tokens = new AccessTokens(config.jwtSecret);
  const ledger = new Ledger(db.dialect);
  const now = Date.now();
  const users: { id: number; userName: string; auth: { authorization: string } }[] = [];
  for (let i = 0; i < count; i++) {
    const userName = `q_${randomBytes(5).toString('hex')}`;
    const id = await db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('app_user')
        .values({ user_name: userName, full_name: userName, email: `${userName}@example.test`, password_hash: 'unused', email_verified_at: now, wallet_id: `0x${randomBytes(20).toString('hex')}`, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.openUserAccounts(trx, row.id);
      const sessionId = randomBytes(12).toString('base64url');
      await trx.insertInto('auth_session').values({ id: sessionId, user_id: row.id, created_at: now }).execute();
      return { userId: row.id, sessionId };
    });
    if (parMinor > 0) await creditPar(db, id.userId, parMinor);
    const access = await tokens.sign({ userId: id.userId, userName, role: 'user', sessionId: id.sessionId });
    users.push({ id: id.userId, userName, auth: { authorization: `Bearer ${access.token}` } });
  }
  return users;
}

/** A quick user made an admin, with a fresh token (the role travels in the token). */
export async function quickAdmin(db: Db, config: Config) {
  const [u] = await quickUsers(db, config, 1);
  await db.kysely.updateTable('app_user').set({ role: 'admin' }).where('id', '=', u!.id).execute();
  const session = await db.kysely.selectFrom('auth_session').select('id').where('user_id', '=', u!.id).executeTakeFirstOrThrow();
  const token = new AccessTokens(config.jwtSecret).sign({ userId: u!.id, userName: u!.userName, role: 'admin', sessionId: session.id });
  return { ...u!, auth: { authorization: `Bearer ${token.token}` } };
}
