import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * A card charge for an NFT that could not be applied (the buyer cancelled the reservation, or
 * it ran out, while the charge was on its way) is paid back: the fiat order fails, remembers
 * that its charge is owed back (refund_due_at) and when the refund went through (refunded_at),
 * so housekeeping retries a refund the gateway did not take the first time (docs/decisions/0019).
 */
export const m0011FiatRefunds = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fiat_order').addColumn('refund_due_at', 'bigint').execute();
    await db.schema.alterTable('fiat_order').addColumn('refunded_at', 'bigint').execute();
    await db.schema
      .createIndex('fiat_order_refund_owed')
      .on('fiat_order')
      .column('refund_due_at')
      .where(sql<boolean>`refund_due_at is not null and refunded_at is null`)
      .execute();
  },
});
