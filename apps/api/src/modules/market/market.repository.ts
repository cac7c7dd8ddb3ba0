import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';
import { StateMachine } from '../../db/state-machine.js';
import type { NftOrderRow } from './market.table.js';

type Q = Kysely<Database>;

export interface NftQuery {
  search: string;
  category: string;
  priceFrMinor?: number;
  priceToMinor?: number;
  sort: 'newest' | 'price_asc' | 'price_desc';
  limit: number;
  offset: number;
}

const summaryColumns = (db: Q) =>
  db
    .selectFrom('nft_item as n')
    .innerJoin('nft_collection as c', 'c.id', 'n.collection_id')
    .leftJoin('app_user as o', 'o.id', 'n.owner_id')
    .select(['n.id', 'n.slug', 'n.name', 'n.image', 'n.price', 'n.listed', 'n.owner_id', 'n.reserved_by', 'n.reserved_until', 'c.slug as collection_slug', 'c.name as collection_name', 'o.user_name as owner_name']);

export type NftSummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>;

/** One page of listed NFTs with the filter, and the total (2 queries). */
export async function listedNfts(db: Q, q: NftQuery) {
  let base = db.selectFrom('nft_item as n').innerJoin('nft_collection as c', 'c.id', 'n.collection_id').where('n.listed', '=', 1);
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) => eb.or([eb(sql`lower(n.name)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(n.description)`, 'like', sql`${like} escape '\\'`)]));
  }
  if (q.category !== 'all') base = base.where('c.slug', '=', q.category);
  if (q.priceFrMinor !== undefined) base = base.where('n.price', '>=', q.priceFrMinor);
  if (q.priceToMinor !== undefined) base = base.where('n.price', '<=', q.priceToMinor);
  const ids = base.select('n.id');
  let page = summaryColumns(db).where('n.id', 'in', ids);
  page = q.sort === 'price_asc' ? page.orderBy('n.price').orderBy('n.id') : q.sort === 'price_desc' ? page.orderBy('n.price', 'desc').orderBy('n.id') : page.orderBy('n.id', 'desc');
  const [items, total] = await Promise.all([
    page.limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export async function collectionsWithCounts(db: Q) {
  return db
    .selectFrom('nft_collection as c')
    .leftJoin('nft_item as n', (j) => j.onRef('n.collection_id', '=', 'c.id').on('n.listed', '=', 1))
    .select(['c.slug', 'c.name', 'c.description', (eb) => eb.fn.count<number>('n.id').as('count')])
    .groupBy(['c.id', 'c.slug', 'c.name', 'c.description'])
    .orderBy('c.id')
    .execute();
}

export const nftSummaryRow = (db: Q, id: number) => summaryColumns(db).where('n.id', '=', id).executeTakeFirst();
export const ownedNfts = (db: Q, userId: number) => summaryColumns(db).where('n.owner_id', '=', userId).orderBy('n.id').execute();

export const nftRow = (db: Q, id: number) => db.selectFrom('nft_item').selectAll().where('id', '=', id).executeTakeFirst();

/** nftRow, locked for the rest of the transaction: for deciding a reservation, a listing or an edit. */
export const lockNft = (trx: Q, dialect: DialectName, id: number) => lockedRead(trx.selectFrom('nft_item').selectAll().where('id', '=', id), dialect).executeTakeFirst();

/** A purchase's states: reserved until paid, cancelled by the buyer, or expired. */
export const nftOrders = new StateMachine<NftOrderRow['status'], NftOrderRow>('nft_order', 'order', {
  reserved: ['paid', 'cancelled', 'expired'],
  paid: [],
  expired: [],
  cancelled: [],
});

export async function provenanceOf(db: Q, nftId: number) {
  return db
    .selectFrom('nft_provenance as p')
    .leftJoin('app_user as f', 'f.id', 'p.from_id')
    .leftJoin('app_user as t', 't.id', 'p.to_id')
    .select(['p.from_id', 'p.to_id', 'p.price', 'p.order_no', 'p.created_at', 'f.user_name as from_name', 't.user_name as to_name'])
    .where('p.nft_id', '=', nftId)
    .orderBy('p.id')
    .execute();
}

/**
 * Reserves a listed item for a buyer, atomically: only one buyer's conditional update can
 * win while the item is free (never reserved, or the last reservation has run out).
 */
export async function reserve(db: Q, nftId: number, buyerId: number, now: number, until: number): Promise<boolean> {
  const res = await db
    .updateTable('nft_item')
    .set({ reserved_by: buyerId, reserved_until: until, updated_at: now })
    .where('id', '=', nftId)
    .where('listed', '=', 1)
    .where((eb) => eb.or([eb('reserved_until', 'is', null), eb('reserved_until', '<=', now)]))
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '<>', buyerId)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function release(db: Q, nftId: number, buyerId: number, now: number): Promise<void> {
  await db.updateTable('nft_item').set({ reserved_by: null, reserved_until: null, updated_at: now }).where('id', '=', nftId).where('reserved_by', '=', buyerId).execute();
}

/** Hands the item to its buyer; only while the buyer still holds the reservation. */
export async function transferTo(db: Q, nftId: number, buyerId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('nft_item')
    .set({ owner_id: buyerId, listed: 0, reserved_by: null, reserved_until: null, updated_at: now })
    .where('id', '=', nftId)
    .where('reserved_by', '=', buyerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertProvenance(db: Q, e: { nftId: number; fromId: number | null; toId: number | null; price: number | null; orderNo: string | null; now: number }) {
  await db.insertInto('nft_provenance').values({ nft_id: e.nftId, from_id: e.fromId, to_id: e.toId, price: e.price, order_no: e.orderNo, created_at: e.now }).execute();
}

export async function insertNftOrder(db: Q, o: { orderNo: string; nftId: number; buyerId: number; sellerId: number | null; price: number; expiresAt: number; now: number }) {
  return db
    .insertInto('nft_order')
    .values({ order_no: o.orderNo, nft_id: o.nftId, buyer_id: o.buyerId, seller_id: o.sellerId, price: o.price, status: 'reserved', expires_at: o.expiresAt, created_at: o.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findNftOrder = (db: Q, orderNo: string) => db.selectFrom('nft_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();

/** Reservations whose time is up, oldest first. */
export const dueReservations = (db: Q, now: number, limit: number) =>
  db.selectFrom('nft_order').select('order_no').where('status', '=', 'reserved').where('expires_at', '<=', now).orderBy('id').limit(limit).execute();

/** Lists or delists an item (and sets its price); the caller has checked owner and reservation under the lock. */
export async function setListing(db: Q, nftId: number, listed: boolean, price: number | undefined, now: number): Promise<void> {
  await db
    .updateTable('nft_item')
    .set({ listed: listed ? 1 : 0, ...(price !== undefined ? { price } : {}), updated_at: now })
    .where('id', '=', nftId)
    .execute();
}

/** The buyer's reservation of the item that is still running, if any. */
export const heldReservation = (db: Q, nftId: number, buyerId: number, now: number) =>
  db.selectFrom('nft_order').selectAll().where('nft_id', '=', nftId).where('buyer_id', '=', buyerId).where('status', '=', 'reserved').where('expires_at', '>', now).orderBy('id', 'desc').executeTakeFirst();
