import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Managing one's account: an email change waits for its link (sent to the new address) in a
 * table of its own, with the address it will set; a closed account keeps its row (ledger,
 * orders and NFT provenance point at it) with deleted_at set and its personal data erased
 * (docs/decisions/0020).
 */
export const m0020MemberAccount = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('app_user').addColumn('deleted_at', 'bigint').execute();
    await withId(db.schema.createTable('email_change'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('email_change_user').on('email_change').column('user_id').execute();
  },
});
