import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Indexes for the admin's finance reports (docs/decisions/0040): the journal by time (trial
 * balance at a moment, daily figures, the CSV export) and by reference (a card payment's
 * entry); card payments and refunds by their gateway charge, and shop orders by the day they
 * were paid or cancelled after payment (daily revenue). Reconciliation matches the gateway's
 * records to ours through these instead of reading whole tables for each record.
 */
export const m0040FinanceReports = (_dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('journal_entry_time').on('journal_entry').column('created_at').execute();
    await db.schema.createIndex('journal_entry_reference').on('journal_entry').columns(['reference', 'kind']).where(sql<boolean>`reference is not null`).execute();
    await db.schema.createIndex('shop_order_charge').on('shop_order').column('charge_id').where(sql<boolean>`charge_id is not null`).execute();
    await db.schema.createIndex('fiat_order_charge').on('fiat_order').column('charge_id').where(sql<boolean>`charge_id is not null`).execute();
    await db.schema.createIndex('gateway_refund_charge').on('gateway_refund').column('charge_id').execute();
    await db.schema.createIndex('shop_order_paid').on('shop_order').column('paid_at').where(sql<boolean>`paid_at is not null`).execute();
    await db.schema.createIndex('shop_order_cancelled_paid').on('shop_order').column('cancelled_at').where(sql<boolean>`status = 'cancelled' and paid_at is not null`).execute();
  },
});
