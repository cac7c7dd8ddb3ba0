import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * The shop: categories, products with full-text search, orders and their lines.
 * Search: SQLite gets an FTS5 index (prefix indexes for 2 and 3 characters) kept in step
 * by triggers; PostgreSQL gets a stored, weighted tsvector with a GIN index.
 */
export const m0006Shop = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('product_category'), dialect)
      .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('product'), dialect)
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category_id', 'bigint', (c) => c.notNull().references('product_category.id'))
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_list').on('product').columns(['active', 'category_id', 'price']).execute();
    await db.schema.createIndex('product_price').on('product').columns(['active', 'price']).execute();

    if (dialect === 'sqlite') {
      await sql`create virtual table product_fts using fts5(name, description, content='product', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
      await sql`create trigger product_fts_insert after insert on product begin
        insert into product_fts(rowid, name, description) values (new.id, new.name, new.description); end`.execute(db);
      await sql`create trigger product_fts_delete after delete on product begin
        insert into product_fts(product_fts, rowid, name, description) values ('delete', old.id, old.name, old.description); end`.execute(db);
      await sql`create trigger product_fts_update after update of name, description on product begin
        insert into product_fts(product_fts, rowid, name, description) values ('delete', old.id, old.name, old.description);
        insert into product_fts(rowid, name, description) values (new.id, new.name, new.description); end`.execute(db);
    } else {
      await sql`alter table product add column search tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')) stored`.execute(db);
      await sql`create index product_search on product using gin (search)`.execute(db);
    }

    await withId(db.schema.createTable('shop_order'), dialect)
      .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')`))
      .addColumn('subtotal', 'bigint', (c) => c.notNull())
      .addColumn('discount', 'bigint', (c) => c.notNull())
      .addColumn('shipping_fee', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total > 0`))
      .addColumn('shipping', 'text', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', (c) => c.notNull())
      .addColumn('payment_method', 'varchar(10)')
      .addColumn('charge_id', 'varchar(40)')
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('points_awarded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('carrier', 'varchar(60)')
      .addColumn('tracking_no', 'varchar(60)')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('shipped_at', 'bigint')
      .addColumn('delivered_at', 'bigint')
      .addColumn('cancelled_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_order_user').on('shop_order').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('shop_order_status').on('shop_order').columns(['status', 'expires_at']).execute();

    await withId(db.schema.createTable('shop_order_line'), dialect)
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('shop_order.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('image', 'varchar(300)', (c) => c.notNull())
      .addColumn('unit_price', 'bigint', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
      .execute();
    await db.schema.createIndex('shop_order_line_order').on('shop_order_line').column('order_id').execute();
  },
});
