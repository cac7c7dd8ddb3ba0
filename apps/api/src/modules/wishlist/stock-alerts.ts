import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { enqueueMail } from '../mail/mail.repository.js';
import { backInStockMail } from './wishlist.mails.js';

type Q = Kysely<Database>;

/**
 * Back-in-stock mail, decided at the end of a change that may have put stock back (an admin's
 * stock, product or variant edit, a cancellation, an expiry), inside that change's transaction
 * (docs/decisions/0056, 0052). Call it after the change's last stock statement: the products and
 * variants are read as the change leaves them, so stock that came back and went again within
 * the change sends nothing. Every waiting request whose product (for a product-wide request) or
 * variant (for a variant's) is now sold and in stock is marked done and its mail queued, by
 * conditional statements: a request is done once, whichever of two simultaneous restocks gets
 * to it first, and a change that rolls back sends nothing.
 */
export async function alertBackInStock(trx: Q, publicUrl: string, productIds: readonly number[], now = Date.now()): Promise<number> {
  if (productIds.length === 0) return 0;
  const ids = [...productIds];
  const wholes = await trx
    .updateTable('stock_alert')
    .set({ notified_at: now })
    .where('notified_at', 'is', null)
    .where('variant_id', 'is', null)
    .where('product_id', 'in', (eb) => eb.selectFrom('product').select('id').where('id', 'in', ids).where('stock', '>', 0).where('active', '=', 1))
    .returning(['user_id', 'product_id', 'variant_id'])
    .execute();
  const variants = await trx
    .updateTable('stock_alert')
    .set({ notified_at: now })
    .where('notified_at', 'is', null)
    .where('product_id', 'in', ids)
    .where('variant_id', 'in', (eb) =>
      eb.selectFrom('product_variant as v').innerJoin('product as p', 'p.id', 'v.product_id').select('v.id').where('v.product_id', 'in', ids).where('v.stock', '>', 0).where('p.active', '=', 1),
    )
    .returning(['user_id', 'product_id', 'variant_id'])
    .execute();
  const done = [...wholes, ...variants];
  if (done.length === 0) return 0;
  const users = await trx.selectFrom('app_user').select(['id', 'email', 'full_name']).where('id', 'in', [...new Set(done.map((d) => d.user_id))]).execute();
  const products = await trx.selectFrom('product').select(['id', 'name', 'options']).where('id', 'in', [...new Set(done.map((d) => d.product_id))]).execute();
  const variantIds = [...new Set(variants.map((d) => Number(d.variant_id)))];
  const variantRows = variantIds.length === 0 ? [] : await trx.selectFrom('product_variant').select(['id', 'option_values']).where('id', 'in', variantIds).execute();
  const user = new Map(users.map((u) => [Number(u.id), u]));
  const product = new Map(products.map((p) => [Number(p.id), p]));
  const variant = new Map(variantRows.map((v) => [Number(v.id), v]));
  for (const d of done) {
    const to = user.get(Number(d.user_id));
    const p = product.get(Number(d.product_id));
    if (!to || !p) continue;
    const v = d.variant_id === null ? undefined : variant.get(Number(d.variant_id));
    const chosen = v && { id: Number(v.id), label: choiceLabel(p.options, v.option_values) };
    await enqueueMail(trx, { kind: 'back_in_stock', to: to.email, ...backInStockMail(publicUrl, to, { id: Number(p.id), name: p.name }, chosen) }, now);
  }
  return done.length;
}

/** "Size: M, Colour: Navy", from the product's options and the variant's values (both JSON as stored). */
function choiceLabel(optionsJson: string, valuesJson: string): string {
  const options = JSON.parse(optionsJson || '[]') as { name: string }[];
  const values = JSON.parse(valuesJson) as string[];
  return options.map((o, i) => `${o.name}: ${values[i] ?? ''}`).join(', ');
}

/** The same for the products of an order whose stock just went back (cancelled or expired). */
export async function alertBackInStockForOrder(trx: Q, publicUrl: string, orderId: number, now = Date.now()): Promise<number> {
  const lines = await trx.selectFrom('shop_order_line').select('product_id').where('order_id', '=', orderId).execute();
  return alertBackInStock(trx, publicUrl, [...new Set(lines.map((l) => Number(l.product_id)))], now);
}

/** A variant the admin removed is not sold any more: its waiting requests go with it (there is nothing left to come back). */
export async function dropAlertsOfRemovedVariants(trx: Q, productId: number): Promise<void> {
  await trx
    .deleteFrom('stock_alert')
    .where('product_id', '=', productId)
    .where('notified_at', 'is', null)
    .where('variant_id', 'is not', null)
    .where('variant_id', 'not in', (eb) => eb.selectFrom('product_variant').select('id').where('product_id', '=', productId))
    .execute();
}
