import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { StateMachine } from '../../db/state-machine.js';
import type { FiatOrderRow } from './fiat.table.js';

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

/** A card order waits for its charge; it is paid, or it fails (declined, or a charge it could not use, refunded). */
export const fiatOrders = new StateMachine<FiatOrderRow['status'], FiatOrderRow>('fiat_order', 'payment', {
  pending: ['paid', 'failed'],
  paid: [],
  failed: [],
});

/** Failed orders whose succeeded charge is still owed back to the card (the partial index fiat_order_refund_owed). */
export const refundsOwed = (db: Q, limit: number) =>
  db.selectFrom('fiat_order').select(['id', 'order_no', 'charge_id', 'amount']).where('refund_due_at', 'is not', null).where('refunded_at', 'is', null).orderBy('refund_due_at').limit(limit).execute();

export async function markRefunded(db: Q, id: number, now: number): Promise<void> {
  await db.updateTable('fiat_order').set({ refunded_at: now }).where('id', '=', id).where('refunded_at', 'is', null).execute();
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
