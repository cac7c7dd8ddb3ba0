import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/** Profiles, saved addresses (exactly one main), the sandbox gateway's card vault and saved cards. */
export const m0003AccountArea = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_profile')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
      .addColumn('first_name', 'varchar(64)')
      .addColumn('last_name', 'varchar(64)')
      .addColumn('phone', 'varchar(16)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('avatar_key', 'varchar(64)')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('user_address'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('recipient_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('contact_phone', 'varchar(16)', (c) => c.notNull())
      .addColumn('address1', 'varchar(200)', (c) => c.notNull())
      .addColumn('address2', 'varchar(200)', (c) => c.notNull())
      .addColumn('district', 'varchar(100)', (c) => c.notNull())
      .addColumn('sub_district', 'varchar(100)', (c) => c.notNull())
      .addColumn('state', 'varchar(100)', (c) => c.notNull())
      .addColumn('zip', 'varchar(10)', (c) => c.notNull())
      .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
      .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_address_user').on('user_address').column('user_id').execute();
    // At most one main address per user, enforced by the database (partial unique index, both dialects).
    await sql`create unique index user_address_one_main on user_address (user_id) where is_main = 1`.execute(db);

    // The sandbox gateway's vault: what a real gateway keeps on its side. Never the full number or CVC.
    await db.schema
      .createTable('gateway_card')
      .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('brand', 'varchar(20)', (c) => c.notNull())
      .addColumn('last4', 'varchar(4)', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('behaviour', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    // Sandbox gateway charges; the idempotency key makes a retried charge answer the first result.
    await db.schema
      .createTable('gateway_charge')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('token', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('message', 'varchar(200)')
      .addColumn('reference', 'varchar(100)', (c) => c.notNull())
      .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('user_card'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('gateway_token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('brand', 'varchar(20)', (c) => c.notNull())
      .addColumn('last4', 'varchar(4)', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_card_user').on('user_card').column('user_id').execute();
    await sql`create unique index user_card_one_default on user_card (user_id) where is_default = 1`.execute(db);
  },
});
