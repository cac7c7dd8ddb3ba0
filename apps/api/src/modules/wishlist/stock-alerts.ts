import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { enqueueMail } from '../mail/mail.repository.js';
import { backInStockMail } from './wishlist.mails.js';

type Q = Kysely<Database>;

/**
 * Back-in-stock mail, decided at the end of a change that may have put stock back (an admin's
 * stock or product edit, a cancellation, an expiry), inside that change's transaction
 * (docs/decisions/0056). Call it after the change's last stock statement: the products are read
 * as the change leaves them, so stock that came back and went again within the change sends
 * nothing. Every waiting request of a product that is now sold and in stock is marked done and
 * its mail queued, in one conditional statement: a request is done once, whichever of two
 * simultaneous restocks gets to it first, and a change that rolls back sends nothing.
 */
export async function alertBackInStock(trx: Q, publicUrl: string, productIds: readonly number[], now = Date.now()): Promise<number> {
  if (productIds.length === 0) return 0;
  const done = await trx
    .updateTable('stock_alert')
    .set({ notified_at: now })
    .where('notified_at', 'is', null)
    .where('product_id', 'in', (eb) => eb.selectFrom('product').select('id').where('id', 'in', [...productIds]).where('stock', '>', 0).where('active', '=', 1))
    .returning(['user_id', 'product_id'])
    .execute();
  if (done.length === 0) return 0;
  const users = await trx.selectFrom('app_user').select(['id', 'email', 'full_name']).where('id', 'in', [...new Set(done.map((d) => d.user_id))]).execute();
  const products = await trx.selectFrom('product').select(['id', 'name']).where('id', 'in', [...new Set(done.map((d) => d.product_id))]).execute();
  const user = new Map(users.map((u) => [Number(u.id), u]));
  const product = new Map(products.map((p) => [Number(p.id), p]));
  for (const d of done) {
    const to = user.get(Number(d.user_id));
    const p = product.get(Number(d.product_id));
    if (to && p) await enqueueMail(trx, { kind: 'back_in_stock', to: to.email, ...backInStockMail(publicUrl, to, { id: Number(p.id), name: p.name }) }, now);
  }
  return done.length;
}

/** The same for the products of an order whose stock just went back (cancelled or expired). */
export async function alertBackInStockForOrder(trx: Q, publicUrl: string, orderId: number, now = Date.now()): Promise<number> {
  const lines = await trx.selectFrom('shop_order_line').select('product_id').where('order_id', '=', orderId).execute();
  return alertBackInStock(trx, publicUrl, [...new Set(lines.map((l) => Number(l.product_id)))], now);
}
