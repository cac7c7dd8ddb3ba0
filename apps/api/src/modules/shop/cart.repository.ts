import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';

type Q = Kysely<Database>;

export interface StoredLine {
  id: number;
  /** The variant (docs/decisions/0050); 0 or left out for a product without variants. */
  variantId?: number;
  qty: number;
  position: number;
}

/** The member's cart row, made when missing, and locked for the rest of the transaction. */
export async function lockCart(trx: Q, dialect: DialectName, userId: number, now: number) {
  await trx.insertInto('cart').values({ user_id: userId, updated_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  return lockedRead(trx.selectFrom('cart').selectAll().where('user_id', '=', userId), dialect).executeTakeFirstOrThrow();
}

export async function cartVersion(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('cart').select('version').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The lines in the order they were added. */
export async function cartLines(db: Q, userId: number): Promise<StoredLine[]> {
  const rows = await db.selectFrom('cart_line').select(['product_id', 'variant_id', 'qty', 'position']).where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((r) => ({ id: Number(r.product_id), ...(Number(r.variant_id) > 0 ? { variantId: Number(r.variant_id) } : {}), qty: r.qty, position: Number(r.position) }));
}

/** Which of these product ids exist (sold or not: the cart page shows what it cannot sell). */
export async function existingProducts(db: Q, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('product').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of these variant ids exist, with their product (a line names both; they must agree). */
export async function existingVariants(db: Q, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('product_variant').select(['id', 'product_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.product_id)]));
}

export async function deleteLine(trx: Q, userId: number, productId: number, variantId = 0): Promise<void> {
  await trx.deleteFrom('cart_line').where('user_id', '=', userId).where('product_id', '=', productId).where('variant_id', '=', variantId).execute();
}

export async function setLineQty(trx: Q, userId: number, productId: number, qty: number, variantId = 0): Promise<void> {
  await trx.updateTable('cart_line').set({ qty }).where('user_id', '=', userId).where('product_id', '=', productId).where('variant_id', '=', variantId).execute();
}

export async function insertLine(trx: Q, userId: number, line: StoredLine): Promise<void> {
  await trx.insertInto('cart_line').values({ user_id: userId, product_id: line.id, variant_id: line.variantId ?? 0, qty: line.qty, position: line.position }).execute();
}

export async function saveCart(trx: Q, userId: number, version: number, nextPosition: number, now: number): Promise<void> {
  await trx.updateTable('cart').set({ version, next_position: nextPosition, updated_at: now }).where('user_id', '=', userId).execute();
}
