import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export async function linkedWalletOf(db: Q, userId: number) {
  return db.selectFrom('linked_wallet').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findByAddress(db: Q, address: string) {
  return db.selectFrom('linked_wallet').selectAll().where('address', '=', address).executeTakeFirst();
}

export async function insertLinkedWallet(db: Q, w: { userId: number; address: string; chainId: number; now: number }) {
  return db.insertInto('linked_wallet').values({ user_id: w.userId, address: w.address, chain_id: w.chainId, created_at: w.now }).returningAll().executeTakeFirstOrThrow();
}

export async function deleteLinkedWallet(db: Q, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('linked_wallet').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
