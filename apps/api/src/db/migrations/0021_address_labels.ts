import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/** Saved addresses get a label (Home, Office, or the member's own word); existing ones are Home. */
export const m0021AddressLabels = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user_address')
      .addColumn('label', 'varchar(40)', (c) => c.notNull().defaultTo('Home'))
      .execute();
  },
});
