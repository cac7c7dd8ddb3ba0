import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Search suggestions and "customers also bought" (decision 0060, 0061).
 * - `product_name_lower`: active products by their lower-case name, so "names starting with what
 *   was typed" is a range read that stops after a handful of rows, whatever the catalog's size.
 *   PostgreSQL compares it byte-wise (text_pattern_ops), as SQLite does, so the range
 *   [typed, typed + U+10FFFF) is the same set in both.
 * - `shop_order_line_product`: the orders that hold a product, for what was bought with it;
 *   without it, each product page's question read every order line.
 */
export const m0060Discovery = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql`create index product_name_lower on product (lower(name) text_pattern_ops) where active = 1`.execute(db);
    } else {
      await sql`create index product_name_lower on product (lower(name)) where active = 1`.execute(db);
    }
    await db.schema.createIndex('shop_order_line_product').on('shop_order_line').columns(['product_id', 'order_id']).execute();
    await sql`analyze product`.execute(db);
  },
});
