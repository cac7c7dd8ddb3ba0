import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Why an order was cancelled: by its buyer, by the shop, or because it was not paid in time
 * ('buyer', 'admin', 'expired'). The buyer is told which, on the order and by mail. Orders
 * cancelled before keep null: nobody recorded it then.
 */
export const m0025OrderCancelReason = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shop_order').addColumn('cancel_reason', 'varchar(16)').execute();
  },
});
