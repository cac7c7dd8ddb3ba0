import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Card refunds that cannot be lost: the sandbox gateway records each refund under an
 * idempotency key (a retried refund never pays out twice), and a cancelled card order
 * remembers when its refund went through, so housekeeping retries the ones that did not.
 * Card orders cancelled before this migration were refunded at the time (a failure was
 * logged for a person), so they count as refunded.
 */
export const m0009CardRefunds = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gateway_refund')
      .addColumn('idempotency_key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('charge_id', 'varchar(40)', (c) => c.notNull().references('gateway_charge.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('shop_order').addColumn('card_refunded_at', 'bigint').execute();
    await sql`update shop_order set card_refunded_at = cancelled_at where status = 'cancelled' and payment_method = 'card'`.execute(db);
    // Housekeeping looks for refunds still owed; there are almost never any, so the index is tiny.
    await db.schema
      .createIndex('shop_order_refund_owed')
      .on('shop_order')
      .column('cancelled_at')
      .where(sql<boolean>`status = 'cancelled' and payment_method = 'card' and card_refunded_at is null`)
      .execute();
  },
});
