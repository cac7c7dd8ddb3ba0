import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Promo codes (docs/decisions/0051). `uses` counts the orders holding a use now: an order
 * takes one under the code's row lock (and a conditional update), a cancellation or expiry gives
 * it back once, through its redemption's `released_at`. An order keeps the code and what it took
 * off, so its price reads the same after the code is disabled or used up.
 */
export const m0051PromoCodes = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('promo_code'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
      /** percent: basis points; fixed: minor units. */
      .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
      .addColumn('min_order', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint')
      .addColumn('max_uses', 'integer')
      .addColumn('max_uses_per_member', 'integer')
      .addColumn('category_id', 'bigint', (c) => c.references('product_category.id'))
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
      .addColumn('disabled_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('promo_redemption'), dialect)
      .addColumn('code_id', 'bigint', (c) => c.notNull().references('promo_code.id'))
      .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('shop_order.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('discount', 'bigint', (c) => c.notNull())
      .addColumn('released_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promo_redemption_member').on('promo_redemption').columns(['code_id', 'user_id']).execute();

    await db.schema.alterTable('shop_order').addColumn('promo_code', 'varchar(32)').execute();
    await db.schema.alterTable('shop_order').addColumn('promo_discount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },
});
