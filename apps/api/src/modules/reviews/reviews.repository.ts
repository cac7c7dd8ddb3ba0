import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';

type Q = Kysely<Database>;

const reviewColumns = ['r.id', 'r.product_id', 'r.user_id', 'r.rating', 'r.title', 'r.body', 'r.helpful_count', 'r.hidden', 'r.created_at', 'r.edited_at', 'r.updated_at', 'u.full_name', 'u.user_name'] as const;

const withAuthor = (db: Q) => db.selectFrom('product_review as r').innerJoin('app_user as u', 'u.id', 'r.user_id');


/** The member's review of a product, if any; locked with `lock` (the review row only). */
export function ownReview(db: Q, productId: number, userId: number, lock?: DialectName) {
  const q = withAuthor(db).select(reviewColumns).where('r.product_id', '=', productId).where('r.user_id', '=', userId);
  return (lock ? lockedRead(q, lock, 'r') : q).executeTakeFirst();
}

/** One review by id, locked with `lock` (the review row only). */
export function reviewById(db: Q, id: number, lock?: DialectName) {
  const q = withAuthor(db).select(reviewColumns).where('r.id', '=', id);
  return (lock ? lockedRead(q, lock, 'r') : q).executeTakeFirst();
}

/** Has the member received this product: an order of theirs with it, delivered. */
export async function hasDelivered(db: Q, userId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('shop_order as o')
    .innerJoin('shop_order_line as l', 'l.order_id', 'o.id')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'delivered')
    .where('l.product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReview(db: Q, row: { product_id: number; user_id: number; rating: number; title: string; body: string }, now: number): Promise<number> {
  const r = await db
    .insertInto('product_review')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateReview(db: Q, id: number, fields: { rating: number; title: string; body: string }, now: number): Promise<void> {
  await db.updateTable('product_review').set({ ...fields, edited_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function setHidden(db: Q, id: number, hidden: boolean, now: number): Promise<void> {
  await db.updateTable('product_review').set({ hidden: hidden ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Moves the product's visible count and star sum by a delta, in one statement: two reviews of
 * one product written at once each add their own, whichever commits first.
 */
export async function moveRating(db: Q, productId: number, count: number, stars: number): Promise<void> {
  if (count === 0 && stars === 0) return;
  await db
    .updateTable('product')
    .set((eb) => ({ rating_count: eb('rating_count', '+', count), rating_sum: eb('rating_sum', '+', stars) }))
    .where('id', '=', productId)
    .execute();
}

/** Adds or takes back a member's helpful mark; answers whether it changed anything (the count moves with it, in one statement). */
export async function setVote(db: Q, reviewId: number, userId: number, helpful: boolean, now: number): Promise<boolean> {
  const changed = helpful
    ? await db.insertInto('review_vote').values({ review_id: reviewId, user_id: userId, created_at: now }).onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing()).executeTakeFirst()
    : await db.deleteFrom('review_vote').where('review_id', '=', reviewId).where('user_id', '=', userId).executeTakeFirst();
  const n = Number(('numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows) ?? 0);
  if (n > 0) {
    await db
      .updateTable('product_review')
      .set((eb) => ({ helpful_count: eb('helpful_count', '+', helpful ? 1 : -1) }))
      .where('id', '=', reviewId)
      .execute();
  }
  return n > 0;
}

export async function hasVoted(db: Q, reviewId: number, userId: number): Promise<boolean> {
  return (await db.selectFrom('review_vote').select('review_id').where('review_id', '=', reviewId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** A product's visible reviews, one page, newest or most helpful first (each order has its index, migration 0055). */
export async function visiblePage(db: Q, productId: number, sort: 'newest' | 'helpful', limit: number, offset: number) {
  let q = withAuthor(db).select(reviewColumns).where('r.product_id', '=', productId).where('r.hidden', '=', 0);
  if (sort === 'helpful') q = q.orderBy('r.helpful_count', 'desc');
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many visible reviews gave each number of stars. */
export async function distribution(db: Q, productId: number): Promise<Record<1 | 2 | 3 | 4 | 5, number>> {
  const rows = await db
    .selectFrom('product_review')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .where('hidden', '=', 0)
    .groupBy('rating')
    .execute();
  const out = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) out[r.rating as 1] = Number(r.n);
  return out;
}

/** Which of these reviews the member marked helpful. */
export async function votedAmong(db: Q, userId: number, reviewIds: number[]): Promise<Set<number>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await db.selectFrom('review_vote').select('review_id').where('user_id', '=', userId).where('review_id', 'in', reviewIds).execute();
  return new Set(rows.map((r) => Number(r.review_id)));
}

export async function productRating(db: Q, productId: number) {
  return db.selectFrom('product').select(['id', 'name', 'active', 'rating_count', 'rating_sum']).where('id', '=', productId).executeTakeFirst();
}

/** Reviews across the shop for admins, newest first. */
export async function adminPage(db: Q, f: { status: 'all' | 'visible' | 'hidden'; productId?: number; limit: number; offset: number }) {
  let base = db.selectFrom('product_review as r').innerJoin('app_user as u', 'u.id', 'r.user_id').innerJoin('product as p', 'p.id', 'r.product_id');
  if (f.status !== 'all') base = base.where('r.hidden', '=', f.status === 'hidden' ? 1 : 0);
  if (f.productId !== undefined) base = base.where('r.product_id', '=', f.productId);
  const [items, total] = await Promise.all([
    base.select([...reviewColumns, 'p.name as product_name']).orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export async function adminOne(db: Q, id: number) {
  return db
    .selectFrom('product_review as r')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .innerJoin('product as p', 'p.id', 'r.product_id')
    .select([...reviewColumns, 'p.name as product_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** A member's writes to reviews in the last window (for the write limit, counted in the throttle table). */
export const writeKey = (userId: number) => `review-write:${userId}`;
export const voteKey = (userId: number) => `review-vote:${userId}`;


/** Every review the member wrote, hidden ones too, oldest first: for their data export. */
export const reviewsByAuthor = (db: Q, userId: number) =>
  db
    .selectFrom('product_review as r')
    .innerJoin('product as p', 'p.id', 'r.product_id')
    .select(['r.product_id', 'p.name', 'r.rating', 'r.title', 'r.body', 'r.helpful_count', 'r.hidden', 'r.created_at', 'r.edited_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
