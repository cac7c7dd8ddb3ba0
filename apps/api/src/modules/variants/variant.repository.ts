import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';
import type { ProductVariantRow } from './variant.table.js';

type Q = Kysely<Database>;

export const variantsOfProduct = (db: Q, productId: number) => db.selectFrom('product_variant').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute();

export async function variantsByIds(db: Q, ids: number[]): Promise<Map<number, ProductVariantRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('product_variant').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * Takes stock for every variant line in one conditional statement (as `takeStock` does for
 * products): a variant is only decremented while it has the quantity asked. Runs after the
 * order's `takeStock`, which has already locked the variants' products (in id order on
 * PostgreSQL), so two orders over the same variants queue on their products and cannot
 * deadlock here. Answers how many variants got their stock.
 */
export async function takeVariantStock(db: Q, lines: { variantId: number; qty: number }[]): Promise<number> {
  if (lines.length === 0) return 0;
  const values = sql.join(lines.map((l) => sql`(cast(${l.variantId} as bigint), cast(${l.qty} as integer))`));
  const res = await sql`
    with v(id, qty) as (values ${values})
    update product_variant set stock = stock - (select v.qty from v where v.id = product_variant.id)
    where id in (select v.id from v) and stock >= (select v.qty from v where v.id = product_variant.id)`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * Puts an order's variant quantities back, then sets each such product's stock to the sum of
 * its variants' again (a variant deleted since the order took its stock with it). Called by
 * `returnStock`, after it has locked the products.
 */
export async function returnVariantStock(db: Q, orderId: number): Promise<void> {
  await sql`
    update product_variant set stock = stock + (select sum(l.qty) from shop_order_line l where l.order_id = ${orderId} and l.variant_id = product_variant.id)
    where id in (select l.variant_id from shop_order_line l where l.order_id = ${orderId} and l.variant_id is not null)`.execute(db);
  await resyncProducts(db, sql`(select l.product_id from shop_order_line l where l.order_id = ${orderId} and l.variant_id is not null)`);
}

/**
 * The product row of a product with variants follows its variants: stock is their sum, price
 * the lowest and price_max the highest. Products without variants are not touched.
 */
export async function resyncProducts(db: Q, ids: ReturnType<typeof sql>): Promise<void> {
  await sql`
    update product set
      stock = (select coalesce(sum(v.stock), 0) from product_variant v where v.product_id = product.id),
      price = (select min(v.price) from product_variant v where v.product_id = product.id),
      price_max = (select max(v.price) from product_variant v where v.product_id = product.id)
    where id in ${ids} and exists (select 1 from product_variant v where v.product_id = product.id)`.execute(db);
}

/** The product locked for an edit of its variants (orders take its stock all the time). */
export const lockProduct = (trx: Q, dialect: DialectName, id: number) =>
  lockedRead(trx.selectFrom('product').select(['id', 'name', 'options', 'price', 'stock', 'price_max']).where('id', '=', id), dialect).executeTakeFirst();

export async function setOptions(trx: Q, productId: number, options: string, now: number): Promise<void> {
  await trx.updateTable('product').set({ options, updated_at: now }).where('id', '=', productId).execute();
}

/** A product whose options were all removed: back to one price and one stock, from its last variants. */
export async function clearVariantPrice(trx: Q, productId: number): Promise<void> {
  await trx.updateTable('product').set({ price_max: null }).where('id', '=', productId).execute();
}

export async function deleteVariants(trx: Q, productId: number, keep: number[]): Promise<void> {
  let q = trx.deleteFrom('product_variant').where('product_id', '=', productId);
  if (keep.length > 0) q = q.where('id', 'not in', keep);
  await q.execute();
}

export async function updateVariant(trx: Q, id: number, row: Omit<ProductVariantRow, 'id' | 'product_id'>): Promise<void> {
  await trx.updateTable('product_variant').set(row).where('id', '=', id).execute();
}

export async function insertVariant(trx: Q, row: Omit<ProductVariantRow, 'id'>): Promise<void> {
  await trx.insertInto('product_variant').values(row).execute();
}

/** Placeholder SKUs while a save reorders them, so two variants swapping SKUs never collide on the unique index. */
export async function parkSkus(trx: Q, productId: number): Promise<void> {
  await sql`update product_variant set sku = '~' || cast(id as varchar(30)) where product_id = ${productId}`.execute(trx);
}
