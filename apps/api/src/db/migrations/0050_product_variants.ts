import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Product options and variants (docs/decisions/0050).
 *
 * - `product.options`: the options as JSON ([{ name, values }]); '[]' for a product without.
 * - `product_variant`: one row per combination, with its own SKU, price, stock and image.
 *   A product with variants keeps `product.price` at its lowest variant price, `price_max` at
 *   its highest (null without variants) and `product.stock` at the sum of its variants' stock,
 *   in the same transaction as every change, so the list, its price filter and sort, and the
 *   stock checks of today read one row per product as before.
 * - Order lines remember the variant bought (id, its options in words, SKU).
 * - The server cart keeps one line per product and variant: its key gains `variant_id`
 *   (0 for none: a key column cannot be null), so the table is made again with it.
 */
export const m0050ProductVariants = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('product').addColumn('options', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('product').addColumn('price_max', 'bigint').execute();

    await withId(db.schema.createTable('product_variant'), dialect)
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('sku', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('option_values', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
      .addColumn('image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_variant_product').on('product_variant').columns(['product_id', 'position']).execute();

    await db.schema.alterTable('shop_order_line').addColumn('variant_id', 'bigint').execute();
    await db.schema.alterTable('shop_order_line').addColumn('variant_label', 'varchar(200)').execute();
    await db.schema.alterTable('shop_order_line').addColumn('sku', 'varchar(40)').execute();

    await db.schema
      .createTable('cart_line_v')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('cart.user_id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('variant_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_line_variant_pk', ['user_id', 'product_id', 'variant_id'])
      .execute();
    await sql`insert into cart_line_v (user_id, product_id, variant_id, qty, position) select user_id, product_id, 0, qty, position from cart_line`.execute(db);
    await db.schema.dropTable('cart_line').execute();
    await db.schema.alterTable('cart_line_v').renameTo('cart_line').execute();
  },
});
