import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/** NFT collections and items, NFT orders and ownership history, card-paid (fiat) orders, payment tokens and gateway events. */
export const m0005Market = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('nft_collection'), dialect)
      .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('nft_item'), dialect)
      .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('collection_id', 'bigint', (c) => c.notNull().references('nft_collection.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('image', 'varchar(300)', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
      .addColumn('owner_id', 'bigint', (c) => c.references('app_user.id'))
      .addColumn('listed', 'integer', (c) => c.notNull())
      .addColumn('reserved_by', 'bigint')
      .addColumn('reserved_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('nft_item_listed').on('nft_item').columns(['listed', 'price']).execute();
    await db.schema.createIndex('nft_item_owner').on('nft_item').column('owner_id').execute();

    await withId(db.schema.createTable('nft_order'), dialect)
      .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('nft_id', 'bigint', (c) => c.notNull().references('nft_item.id'))
      .addColumn('buyer_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('seller_id', 'bigint')
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('reserved', 'paid', 'expired', 'cancelled')`))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .execute();
    await db.schema.createIndex('nft_order_due').on('nft_order').columns(['status', 'expires_at']).execute();

    await withId(db.schema.createTable('nft_provenance'), dialect)
      .addColumn('nft_id', 'bigint', (c) => c.notNull().references('nft_item.id'))
      .addColumn('from_id', 'bigint')
      .addColumn('to_id', 'bigint')
      .addColumn('price', 'bigint')
      .addColumn('order_no', 'varchar(40)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('nft_provenance_nft').on('nft_provenance').columns(['nft_id', 'id']).execute();

    await withId(db.schema.createTable('fiat_order'), dialect)
      .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('type', 'varchar(10)', (c) => c.notNull().check(sql`type in ('topup', 'nft')`))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('nft_id', 'bigint')
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
      .addColumn('charge_id', 'varchar(40)')
      .addColumn('failure', 'varchar(200)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .execute();

    await db.schema
      .createTable('payment_token')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    // A gateway event is applied once: the unique event id is the guard against replays and races.
    await db.schema
      .createTable('gateway_event')
      .addColumn('event_id', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('charge_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('reference', 'varchar(80)', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
