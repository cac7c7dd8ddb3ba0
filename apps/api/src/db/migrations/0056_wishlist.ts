import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Wishlists and back-in-stock requests (docs/decisions/0056). A request is one row, done when
 * its mail is queued (notified_at); a member has at most one waiting request per product and
 * variant. variant_id stays null until products have variants: the unique index reads it as 0,
 * so a product-wide request and each variant's are separate.
 */
export const m0056Wishlist = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wishlist_item')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wishlist_item_pk', ['user_id', 'product_id'])
      .execute();
    await withId(db.schema.createTable('stock_alert'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('variant_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('notified_at', 'bigint')
      .execute();
    await sql`create unique index stock_alert_waiting_once on stock_alert (user_id, product_id, coalesce(variant_id, 0)) where notified_at is null`.execute(db);
    // What a restock looks up: the waiting requests of the products it changed.
    await sql`create index stock_alert_waiting on stock_alert (product_id) where notified_at is null`.execute(db);
  },
});
