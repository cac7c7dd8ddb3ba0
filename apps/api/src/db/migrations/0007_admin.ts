import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/** The audit log: every admin change, who made it, and the state before and after. */
export const m0007Admin = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('admin_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('action', 'varchar(60)', (c) => c.notNull())
      .addColumn('target', 'varchar(120)', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_time').on('audit_log').column('created_at').execute();
  },
});
