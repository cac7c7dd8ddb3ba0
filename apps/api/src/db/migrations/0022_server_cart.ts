import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * The cart kept per account. `cart` is one row per member: its version goes up with every
 * change, and it is the row a change locks, so two devices changing the cart at once apply one
 * after the other (docs/decisions/0019). Lines keep the order they were added in (position).
 */
export const m0022ServerCart = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cart')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('next_position', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('cart_line')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('cart.user_id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cart_line_pk', ['user_id', 'product_id'])
      .execute();
  },
});
