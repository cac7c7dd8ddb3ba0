import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/** Records which demo-data sets have been loaded, so seeding happens once per database. */
export const m0001Seed = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('seed_run')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('ran_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
