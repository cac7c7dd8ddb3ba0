import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export async function insertPaymentToken(db: Q, t: { hash: string; userId: number; expiresAt: number }) {
  await db.insertInto('payment_token').values({ token_hash: t.hash, user_id: t.userId, expires_at: t.expiresAt }).execute();
}

/** Uses a payment token once; only the owner, only before it expires. */
export async function consumePaymentToken(db: Q, hash: string, userId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('payment_token')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertFiatOrder(db: Q, o: { orderNo: string; userId: number; type: 'topup' | 'nft'; amount: number; nftId: number | null; now: number }) {
  return db
    .insertInto('fiat_order')
    .values({ order_no: o.orderNo, user_id: o.userId, type: o.type, amount: o.amount, nft_id: o.nftId, status: 'pending', created_at: o.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findFiatOrder = (db: Q, orderNo: string) => db.selectFrom('fiat_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();

export async function markFiatPaid(db: Q, orderNo: string, chargeId: string, now: number): Promise<boolean> {
  const res = await db.updateTable('fiat_order').set({ status: 'paid', charge_id: chargeId, paid_at: now }).where('order_no', '=', orderNo).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markFiatFailed(db: Q, orderNo: string, chargeId: string | null, failure: string): Promise<void> {
  await db.updateTable('fiat_order').set({ status: 'failed', charge_id: chargeId, failure }).where('order_no', '=', orderNo).where('status', '=', 'pending').execute();
}

/** Records a gateway event; answers false when this event id was seen before. */
export async function recordGatewayEvent(db: Q, e: { eventId: string; chargeId: string; reference: string; now: number }): Promise<boolean> {
  const res = await db
    .insertInto('gateway_event')
    .values({ event_id: e.eventId, charge_id: e.chargeId, reference: e.reference, received_at: e.now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
