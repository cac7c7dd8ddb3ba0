import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';
import { prepared } from '../../db/prepared.js';
import { StateMachine } from '../../db/state-machine.js';
import { enqueueMail, mailRow, type OutgoingMail } from '../mail/mail.repository.js';
import { returnVariantStock } from '../variants/variant.repository.js';
import type { ShopOrderLineRow, ShopOrderRow, ShopOrderStatus } from './shop.table.js';

type Q = Kysely<Database>;

const ORDER_PRODUCT_COLUMNS = ['id', 'name', 'price', 'images', 'stock', 'active', 'options', 'category_id'] as const;

export async function productsForOrder(db: Q, ids: number[]) {
  return db.selectFrom('product').select(ORDER_PRODUCT_COLUMNS).where('id', 'in', ids).execute();
}

export type OrderProduct = Awaited<ReturnType<typeof productsForOrder>>[number];

/**
 * The products an order names, read before its transaction, and in the same statement whether
 * the member's Idempotency-Key already has a record (every row carries it; none without a key).
 */
export async function productsBeforeOrder(db: Q, ids: number[], key: { userId: number; key: string } | null) {
  const rows = await db
    .selectFrom('product')
    .select(ORDER_PRODUCT_COLUMNS)
    .$if(key !== null, (qb) =>
      qb.select((eb) => eb.exists(eb.selectFrom('idempotency_record').select('key').where('user_id', '=', key!.userId).where('key', '=', key!.key)).as('key_used')),
    )
    .where('id', 'in', ids)
    .execute();
  return rows.map(({ key_used, ...product }: OrderProduct & { key_used?: unknown }) => ({ product, keyUsed: Boolean(Number(key_used ?? 0)) }));
}

/**
 * On PostgreSQL, the products a statement is about to change, locked first and in id order: a
 * multi-row update locks rows in whatever order it meets them, so two orders (or an order and a
 * cancellation) over the same products could each hold one and wait for the other.
 */
function lockedFirst(dialect: DialectName) {
  return dialect === 'postgres'
    ? { cte: sql`, locked as (select id from product where id in (select v.id from v) order by id for no key update)`, ids: sql`select id from locked` }
    : { cte: sql``, ids: sql`select v.id from v` };
}

/** The lines as the rows of `v(id, qty)`, which the stock statements join. */
const lineValues = (lines: { id: number; qty: number }[]) => sql.join(lines.map((l) => sql`(cast(${l.id} as bigint), cast(${l.qty} as integer))`));

/** The conditional decrement of the products `ids` selects: each only while it is sold and has the quantity `v` asks. */
const stockTaken = (ids: RawBuilder<unknown>, now: number) => sql`
    update product set stock = stock - (select v.qty from v where v.id = product.id), updated_at = ${now}
    where id in (${ids}) and active = 1 and stock >= (select v.qty from v where v.id = product.id)`;

/**
 * Takes stock for every line in one conditional statement: a product is only decremented
 * while it has at least the quantity asked. Answers how many lines got their stock; fewer
 * than asked means something ran out (and the caller rolls the transaction back).
 */
export async function takeStock(db: Q, dialect: DialectName, lines: { id: number; qty: number }[], now: number): Promise<number> {
  const locked = lockedFirst(dialect);
  const res = await sql`
    with v(id, qty) as (values ${lineValues(lines)})${locked.cte}
    ${stockTaken(locked.ids, now)}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * PostgreSQL: holdMember (db/locks.ts) and takeStock in one statement, a round trip less per
 * order. The member's row is held `FOR KEY SHARE` before any product is locked (the products'
 * lock waits on it), the lock order closing and cancelling keep (decision 0019); a closed or
 * missing account is refused by the caller from the row answered, and the stock the statement
 * took goes back with the transaction.
 */
export async function holdMemberAndTakeStock(db: Q, userId: number, lines: { id: number; qty: number }[], now: number): Promise<{ member: { deleted_at: number | null; lifetime_spend: number } | null; taken: number }> {
  const { rows } = await sql<{ deleted_at: string | null; lifetime_spend: string | null; taken: string }>`
    with member as materialized (select deleted_at, lifetime_spend from app_user where id = ${userId} for key share),
    v(id, qty) as (values ${lineValues(lines)}),
    locked as (select id from product where id in (select v.id from v) and exists (select 1 from member) order by id for no key update),
    taken as (${stockTaken(sql`select id from locked`, now)} returning 1)
    select m.deleted_at, m.lifetime_spend, (select count(*) from taken) as taken from (select 1) as one left join member m on true`.execute(db);
  const row = rows[0];
  const member = row && row.lifetime_spend !== null ? { deleted_at: row.deleted_at === null ? null : Number(row.deleted_at), lifetime_spend: Number(row.lifetime_spend) } : null;
  return { member, taken: Number(row?.taken ?? 0) };
}

/** Puts an order's quantities back on the shelf. */
export async function returnStock(db: Q, dialect: DialectName, orderId: number, now: number): Promise<void> {
  const locked = lockedFirst(dialect);
  await sql`
    with v(id) as (select l.product_id from shop_order_line l where l.order_id = ${orderId})${locked.cte}
    update product set stock = stock + (select sum(l.qty) from shop_order_line l where l.order_id = ${orderId} and l.product_id = product.id), updated_at = ${now}
    where id in (${locked.ids})`.execute(db);
  await returnVariantStock(db, orderId);
}

type NewOrder = Pick<ShopOrderRow, 'promo_code' | 'promo_discount'> &
  Omit<ShopOrderRow, 'id' | 'points_awarded' | 'promo_code' | 'promo_discount' | 'payment_method' | 'charge_id' | 'card_last4' | 'carrier' | 'tracking_no' | 'paid_at' | 'shipped_at' | 'delivered_at' | 'cancelled_at' | 'cancel_reason' | 'card_refunded_at'>;

// The order path's fixed-shape statements are built once (db/prepared.ts).
const insertOrderRow = prepared((db, o: NewOrder) =>
  db
    .insertInto('shop_order')
    .values({
      order_no: o.order_no,
      user_id: o.user_id,
      status: o.status,
      subtotal: o.subtotal,
      discount: o.discount,
      shipping_fee: o.shipping_fee,
      total: o.total,
      shipping: o.shipping,
      note: o.note,
      promo_code: o.promo_code,
      promo_discount: o.promo_discount,
      expires_at: o.expires_at,
      created_at: o.created_at,
      updated_at: o.updated_at,
    })
    .returningAll(),
);

export async function insertOrder(db: Q, row: NewOrder) {
  const [order] = (await insertOrderRow(db, row)).rows;
  if (!order) throw new Error('shop_order: the insert answered no row');
  return order;
}

export async function insertLines(db: Q, lines: Omit<ShopOrderLineRow, 'id'>[]) {
  return db.insertInto('shop_order_line').values(lines).returningAll().execute();
}

/** Which states an order may move to, and from where. Anything else is refused with 422. */
export const shopOrders = new StateMachine<ShopOrderStatus, ShopOrderRow>('shop_order', 'order', {
  pending_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
});

/**
 * An order number as a join compares it. SQLite prepares a join again at every run when its WHERE
 * compares a column with a bare parameter: the order with its lines took 58-61 µs a read alone and
 * ~200 µs under the orders bench, against 8.7 µs with the parameter cast (docs/decisions/0084).
 * PostgreSQL reads the cast as the same comparison, by the same unique index.
 */
const orderNoInJoin = (orderNo: string) => sql<string>`cast(${orderNo} as text)`;

const withBuyer = (db: QueryCreator<Database>, orderNo: string) =>
  db.selectFrom('shop_order as o').innerJoin('app_user as u', 'u.id', 'o.user_id').selectAll('o').select(['u.user_name', 'u.full_name', 'u.email']).where('o.order_no', '=', orderNoInJoin(orderNo));

const orderWithBuyer = prepared((db, v: { orderNo: string }) => withBuyer(db, v.orderNo));

/** The order with its buyer's name and email (for mail), in one query. */
export const findOrder = async (db: Q, orderNo: string) => (await orderWithBuyer(db, { orderNo })).rows[0];
export type OrderWithBuyer = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/**
 * findOrder, with the order and its buyer locked for the rest of the transaction: for deciding a
 * state change. The buyer's row comes first, before any of their ledger accounts (a cancellation
 * moves both): every change that takes both takes them in that order, so two cannot deadlock.
 */
export const lockOrder = (trx: Q, dialect: DialectName, orderNo: string) => lockedRead(withBuyer(trx, orderNo), dialect, ['o', 'u']).executeTakeFirst();

const LINE_COLUMNS = ['l.id as line_id', 'l.product_id', 'l.name as line_name', 'l.image as line_image', 'l.unit_price', 'l.qty', 'l.variant_id', 'l.variant_label', 'l.sku'] as const;

/**
 * The order, its buyer (with lifetime spend) and its lines, in one statement. With `lock`
 * (inside a transaction), the order and its buyer stay locked until it ends: paying decides the
 * points from the lifetime spend read here.
 *
 * On PostgreSQL the two rows are locked in a CTE of their own, which the lines then join: locking
 * through the join with the lines would lock the same two rows once per line, and a row updated
 * meanwhile then deadlocks with another locker waiting for it (PostgreSQL re-locks the row's new
 * version while holding the old one's place). The CTE answers the locked rows as they are once
 * locked (a row updated while this waited is read again at its new version), so the order and
 * the buyer are what the lock holds; the lines are read from the statement's snapshot, which is
 * right because an order's lines are written with the order and never changed.
 */
const orderWithLines = prepared((db, v: { orderNo: string }) =>
  withBuyer(db, v.orderNo).innerJoin('shop_order_line as l', 'l.order_id', 'o.id').select('u.lifetime_spend').select(LINE_COLUMNS).orderBy('l.id'),
);
const lockedOrderWithLines = prepared((db, v: { orderNo: string }) =>
  db
    .with(
      (cte) => cte('locked').materialized(),
      (qc) => lockedRead(withBuyer(qc, v.orderNo).select('u.lifetime_spend'), 'postgres', ['o', 'u']),
    )
    .selectFrom('locked as o')
    .innerJoin('shop_order_line as l', 'l.order_id', 'o.id')
    .selectAll('o')
    .select(LINE_COLUMNS)
    .orderBy('l.id'),
);

export async function findOrderWithLines(db: Q, orderNo: string, lock?: DialectName) {
  const { rows } = await (lock === 'postgres' ? lockedOrderWithLines : orderWithLines)(db, { orderNo });
  const first = rows[0];
  if (!first) return undefined;
  const { line_id: _i, product_id: _p, line_name: _n, line_image: _m, unit_price: _u, qty: _q, variant_id: _v, variant_label: _vl, sku: _s, lifetime_spend, ...order } = first;
  const lines = rows.map((r) => ({ id: r.line_id, order_id: order.id, product_id: r.product_id, name: r.line_name, image: r.line_image, unit_price: r.unit_price, qty: r.qty, variant_id: r.variant_id, variant_label: r.variant_label, sku: r.sku }));
  return { order, lines, lifetimeSpend: lifetime_spend };
}

export const linesOf = (db: Q, orderId: number) => db.selectFrom('shop_order_line').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export async function updateShipping(db: Q, id: number, shipping: string, note: string, now: number): Promise<boolean> {
  const res = await db.updateTable('shop_order').set({ shipping, note, updated_at: now }).where('id', '=', id).where('status', '=', 'pending_payment').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function ordersPage(db: Q, userId: number, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('shop_order as o')
      .select(['o.id', 'o.order_no', 'o.status', 'o.cancel_reason', 'o.total', 'o.created_at', 'o.expires_at', (eb) => eb.selectFrom('shop_order_line as l').select((inner) => inner.fn.sum<number>('l.qty').as('n')).whereRef('l.order_id', '=', 'o.id').as('item_count')])
      .where('o.user_id', '=', userId)
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('shop_order').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** The lines of a page of orders, for its previews (one query): name and image, in each order's line order. */
export async function linePreviews(db: Q, orderIds: number[]): Promise<Map<number, { name: string; image: string }[]>> {
  const byOrder = new Map<number, { name: string; image: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('shop_order_line').select(['order_id', 'name', 'image']).where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute();
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? [];
    lines.push({ name: row.name, image: row.image });
    byOrder.set(row.order_id, lines);
  }
  return byOrder;
}

/** An order's lines with their products as they are now (a product may since be inactive). */
export async function linesWithProducts(db: Q, orderId: number) {
  return db
    .selectFrom('shop_order_line as l')
    .leftJoin('product as p', 'p.id', 'l.product_id')
    .leftJoin('product_variant as v', 'v.id', 'l.variant_id')
    .select(['l.product_id', 'l.variant_id', 'l.name as line_name', 'l.image as line_image', 'l.qty', 'p.name', 'p.images', 'p.price', 'p.stock', 'p.active', 'v.id as live_variant', 'v.price as variant_price', 'v.stock as variant_stock'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

const addSpend = prepared((db, v: { userId: number; amount: number }) => db.updateTable('app_user').set((eb) => ({ lifetime_spend: eb('lifetime_spend', '+', v.amount) })).where('id', '=', v.userId));

export async function addLifetimeSpend(db: Q, userId: number, amount: number): Promise<void> {
  await addSpend(db, { userId, amount });
}

/** The columns paying writes on the order, besides its status; a card payment writes its charge's too. */
export type PaidColumns = {
  paid_at: number;
  updated_at: number;
  payment_method: 'par' | 'card';
  points_awarded: number;
  charge_id?: string;
  card_last4?: string | null;
};

/** Flat, as prepared() binds them: the order, the buyer, the paid columns and the mail. */
type PaidWrites = OutgoingMail & { now: number; orderId: number; userId: number; total: number; paidAt: number; updatedAt: number; method: 'par' | 'card'; points: number; chargeId: string | null; last4: string | null };

/**
 * PostgreSQL: the order's move to paid (conditional on its state, as shopOrders.move), the buyer's
 * lifetime spend and the confirmation mail, in one statement: each statement of a payment is a
 * round trip and a run through the server's executor (decision 0091). Answers how many orders
 * moved. A card payment writes the charge's columns too: one plan per set of columns.
 */
const paidTogether = (withCharge: boolean) =>
  prepared((db, v: PaidWrites) => {
    const charge = withCharge ? { charge_id: v.chargeId, card_last4: v.last4 } : {};
    const set = { paid_at: v.paidAt, updated_at: v.updatedAt, payment_method: v.method, points_awarded: v.points, ...charge, status: 'paid' as const };
    return db
      .with('moved', (qc) => qc.updateTable('shop_order').set(set).where('id', '=', v.orderId).where('status', '=', 'pending_payment').returning('id'))
      .with('spent', (qc) => qc.updateTable('app_user').set((eb) => ({ lifetime_spend: eb('lifetime_spend', '+', v.total) })).where('id', '=', v.userId))
      .with('mailed', (qc) => qc.insertInto('mail_outbox').values(mailRow(v)))
      .selectFrom('moved')
      .select((eb) => eb.fn.countAll<number>().as('moved'));
  });
const paidTogetherByPar = paidTogether(false);
const paidTogetherByCard = paidTogether(true);

/**
 * A pending order (as read under its lock) to paid, with what goes with it: the buyer's lifetime
 * spend and the confirmation mail. One statement on PostgreSQL; on SQLite, where statements are
 * calls in the process, the three as they are.
 */
export async function recordPayment(db: Q, dialect: DialectName, order: Pick<ShopOrderRow, 'id' | 'status' | 'user_id' | 'total'>, set: PaidColumns, mail: OutgoingMail, now: number): Promise<void> {
  if (dialect === 'sqlite') {
    await shopOrders.move(db, order, 'paid', set);
    await addLifetimeSpend(db, order.user_id, order.total);
    await enqueueMail(db, mail, now);
    return;
  }
  shopOrders.assert(order.status, 'paid');
  const write = set.payment_method === 'card' ? paidTogetherByCard : paidTogetherByPar;
  const { rows } = await write(db, {
    ...mail,
    now,
    orderId: order.id,
    userId: order.user_id,
    total: order.total,
    paidAt: set.paid_at,
    updatedAt: set.updated_at,
    method: set.payment_method,
    points: set.points_awarded,
    chargeId: set.charge_id ?? null,
    last4: set.card_last4 ?? null,
  });
  if (Number(rows[0]?.moved ?? 0) !== 1) throw shopOrders.changed();
}

/** Cancelled card orders whose refund has not gone through yet (the partial index shop_order_refund_owed). */
export async function refundsOwed(db: Q, limit: number) {
  return db
    .selectFrom('shop_order')
    .select(['id', 'order_no', 'charge_id', 'total'])
    .where('status', '=', 'cancelled')
    .where('payment_method', '=', 'card')
    .where('card_refunded_at', 'is', null)
    .where('charge_id', 'is not', null)
    .orderBy('cancelled_at')
    .limit(limit)
    .execute();
}

export async function markCardRefunded(db: Q, id: number, now: number): Promise<void> {
  await db.updateTable('shop_order').set({ card_refunded_at: now }).where('id', '=', id).where('card_refunded_at', 'is', null).execute();
}

export async function dueForExpiry(db: Q, now: number, limit: number) {
  return db.selectFrom('shop_order').select(['order_no']).where('status', '=', 'pending_payment').where('expires_at', '<=', now).orderBy('id').limit(limit).execute();
}
