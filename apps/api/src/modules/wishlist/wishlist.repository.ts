import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';

type Q = Kysely<Database>;

export async function wishedIds(db: Q, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('wishlist_item').select('product_id').where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
  return rows.map((r) => Number(r.product_id));
}

export async function waitingAlertIds(db: Q, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('stock_alert').select('product_id').where('user_id', '=', userId).where('notified_at', 'is', null).where('variant_id', 'is', null).execute();
  return rows.map((r) => Number(r.product_id));
}

/** The variants the member waits for (requests still waiting), by variant id. */
export async function waitingVariantAlertIds(db: Q, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('stock_alert').select('variant_id').where('user_id', '=', userId).where('notified_at', 'is', null).where('variant_id', 'is not', null).execute();
  return rows.map((r) => Number(r.variant_id));
}

/** One variant of the product, as a request decides from it; the product's lock (taken first) covers it: every change of a variant's stock locks its product. */
export async function variantOf(db: Q, productId: number, variantId: number) {
  return db.selectFrom('product_variant').select(['id', 'stock']).where('id', '=', variantId).where('product_id', '=', productId).executeTakeFirst();
}

/** The member's wishlist with each product as the shop sells it now (inactive products left out), newest first. */
export async function wishlistRows(db: Q, userId: number, limit: number) {
  return db
    .selectFrom('wishlist_item as w')
    .innerJoin('product as p', 'p.id', 'w.product_id')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.price', 'p.images', 'p.stock', 'p.rating_count', 'p.rating_sum', 'c.slug as category_slug', 'c.name as category_name', 'w.created_at'])
    .where('w.user_id', '=', userId)
    .where('p.active', '=', 1)
    .orderBy('w.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** The product as a request decides from it, locked: a restock running at the same moment waits, or is waited for. */
export async function lockedProduct(db: Q, dialect: DialectName, productId: number) {
  return lockedRead(db.selectFrom('product').select(['id', 'stock', 'active']).where('id', '=', productId), dialect).executeTakeFirst();
}

export async function countWished(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('wishlist_item').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addWished(db: Q, userId: number, productId: number, now: number): Promise<void> {
  await db.insertInto('wishlist_item').values({ user_id: userId, product_id: productId, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing()).execute();
}

export async function removeWished(db: Q, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('wishlist_item').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

/** A request names the product as a whole (variantId null) or one of its variants. */
export async function waitingAlert(db: Q, userId: number, productId: number, variantId: number | null) {
  return db
    .selectFrom('stock_alert')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', variantId === null ? 'is' : '=', variantId)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
}

export async function countWaitingAlerts(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('stock_alert').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('notified_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addAlert(db: Q, userId: number, productId: number, variantId: number | null, now: number): Promise<void> {
  await db.insertInto('stock_alert').values({ user_id: userId, product_id: productId, variant_id: variantId, created_at: now }).execute();
}

export async function withdrawAlert(db: Q, userId: number, productId: number, variantId: number | null): Promise<void> {
  await db
    .deleteFrom('stock_alert')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', variantId === null ? 'is' : '=', variantId)
    .where('notified_at', 'is', null)
    .execute();
}

/** The member's whole wishlist, products no longer sold too, oldest first: for their data export. */
export const wishlistForExport = (db: Q, userId: number) =>
  db.selectFrom('wishlist_item as w').innerJoin('product as p', 'p.id', 'w.product_id').select(['w.product_id', 'p.name', 'w.created_at']).where('w.user_id', '=', userId).orderBy('w.created_at').execute();

/** Every back-in-stock request of the member, waiting or answered, with the product's options and the variant's values to name the choice. */
export const stockAlertsForExport = (db: Q, userId: number) =>
  db
    .selectFrom('stock_alert as a')
    .innerJoin('product as p', 'p.id', 'a.product_id')
    .leftJoin('product_variant as v', 'v.id', 'a.variant_id')
    .select(['a.product_id', 'p.name', 'p.options', 'a.variant_id', 'v.option_values', 'a.created_at', 'a.notified_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();
