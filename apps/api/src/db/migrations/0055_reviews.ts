import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Product reviews and their helpful marks (docs/decisions/0055). The product row carries the
 * visible reviews' count and star sum, changed in the transaction that changes a review, so
 * the shop list shows ratings without reading a review. Neither column is in the search
 * triggers' column lists (migration 0010), so changing them does not touch the search index.
 */
export const m0055Reviews = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('product').addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('product').addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await withId(db.schema.createTable('product_review'), dialect)
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('product_review_one_per_member', ['product_id', 'user_id'])
      .execute();
    // The product page's two orders, over visible reviews only.
    await sql`create index product_review_newest on product_review (product_id, hidden, created_at desc, id desc)`.execute(db);
    await sql`create index product_review_helpful on product_review (product_id, hidden, helpful_count desc, created_at desc, id desc)`.execute(db);
    await db.schema.createIndex('product_review_admin').on('product_review').columns(['hidden', 'id']).execute();
    await db.schema
      .createTable('review_vote')
      .addColumn('review_id', 'bigint', (c) => c.notNull().references('product_review.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_vote_pk', ['review_id', 'user_id'])
      .execute();
  },
});
