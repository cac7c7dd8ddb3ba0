import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockedRead } from '../../db/locks.js';
import type { PromoCodeRow, PromoCodeTable } from './promo.table.js';

type Q = Kysely<Database>;

const withCategory = (db: Q) =>
  db.selectFrom('promo_code as p').leftJoin('product_category as c', 'c.id', 'p.category_id').selectAll('p').select(['c.slug as category_slug', 'c.name as category_name']);
export type PromoWithCategory = PromoCodeRow & { category_slug: string | null; category_name: string | null };

export const findByCode = (db: Q, code: string) => withCategory(db).where('p.code', '=', code).executeTakeFirst() as Promise<PromoWithCategory | undefined>;
export const findById = (db: Q, id: number) => withCategory(db).where('p.id', '=', id).executeTakeFirst() as Promise<PromoWithCategory | undefined>;

/** The code's row, locked until the transaction ends: every use of one code is decided one after the other (decision 0019). */
export const lockByCode = (trx: Q, dialect: DialectName, code: string) => lockedRead(withCategory(trx).where('p.code', '=', code), dialect, 'p').executeTakeFirst() as Promise<PromoWithCategory | undefined>;

export async function page(db: Q, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    withCategory(db).orderBy('p.id', 'desc').limit(limit).offset(offset).execute() as Promise<PromoWithCategory[]>,
    db.selectFrom('promo_code').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insert(db: Q, row: Omit<PromoCodeTable, 'id' | 'uses' | 'min_order'> & { min_order: number }): Promise<number> {
  return Number((await db.insertInto('promo_code').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

export async function disable(db: Q, id: number, now: number): Promise<void> {
  await db.updateTable('promo_code').set({ disabled_at: now }).where('id', '=', id).where('disabled_at', 'is', null).execute();
}

/** This member's uses of the code held by orders now. */
export async function memberUses(db: Q, codeId: number, userId: number): Promise<number> {
  const row = await db.selectFrom('promo_redemption').select((eb) => eb.fn.countAll<number>().as('n')).where('code_id', '=', codeId).where('user_id', '=', userId).where('released_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One use more, only while the code has one left: the backstop of the lock (decision 0019, rule 3). */
export async function takeUse(db: Q, id: number): Promise<boolean> {
  const res = await db
    .updateTable('promo_code')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertRedemption(db: Q, row: { code_id: number; order_id: number; user_id: number; discount: number; created_at: number }): Promise<void> {
  await db.insertInto('promo_redemption').values(row).execute();
}

/** Gives an order's use back, once: the redemption is released by a conditional update, and only then the count goes down. */
export async function release(db: Q, orderId: number, now: number): Promise<boolean> {
  const released = await db.updateTable('promo_redemption').set({ released_at: now }).where('order_id', '=', orderId).where('released_at', 'is', null).returning('code_id').executeTakeFirst();
  if (!released) return false;
  await db
    .updateTable('promo_code')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', released.code_id)
    .execute();
  return true;
}
