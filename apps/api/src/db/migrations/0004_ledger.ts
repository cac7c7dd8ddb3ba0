import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * The double-entry ledger: accounts (one per user per asset, plus system accounts),
 * journal entries, and their postings. Balances live on the account row and change only
 * together with a posting; a CHECK keeps user balances from ever going below zero.
 * Also: idempotency records and payout requests.
 */
export const m0004Ledger = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('ledger_account'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('restrict'))
      .addColumn('code', 'varchar(40)', (c) => c.notNull())
      .addColumn('asset', 'varchar(10)', (c) => c.notNull().check(sql`asset in ('par', 'meta', 'premium')`))
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('ledger_account_no_overdraft', sql`allow_negative = 1 or balance >= 0`)
      .addCheckConstraint('ledger_account_user_accounts_stay_positive', sql`user_id is null or allow_negative = 0`)
      .execute();
    // One account per user per asset; one system account per code per asset.
    await sql`create unique index ledger_account_user_asset on ledger_account (user_id, asset) where user_id is not null`.execute(db);
    await sql`create unique index ledger_account_code_asset on ledger_account (code, asset) where user_id is null`.execute(db);

    // System accounts. Those that stand for the outside world (money coming in through the
    // gateway, points and meta being issued, par created by conversions) may go negative.
    const system: [code: string, asset: string, allowNegative: number][] = [
      ['gateway_clearing', 'par', 1],
      ['payouts', 'par', 0],
      ['fees', 'par', 0],
      ['nft_sales', 'par', 0],
      ['shop_revenue', 'par', 0],
      ['meta_bridge', 'par', 0],
      ['meta_bridge', 'meta', 1],
      ['conversion', 'par', 1],
      ['premium_issuance', 'premium', 1],
    ];
    for (const [code, asset, allowNegative] of system) {
      await sql`insert into ledger_account (user_id, code, asset, balance, allow_negative) values (null, ${code}, ${asset}, 0, ${allowNegative})`.execute(db);
    }

    await withId(db.schema.createTable('journal_entry'), dialect)
      .addColumn('kind', 'varchar(30)', (c) => c.notNull())
      .addColumn('reference', 'varchar(60)')
      .addColumn('memo', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('posting'), dialect)
      .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entry.id').onDelete('restrict'))
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_account.id').onDelete('restrict'))
      .addColumn('asset', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
      .execute();
    await db.schema.createIndex('posting_account').on('posting').columns(['account_id', 'entry_id']).execute();
    await db.schema.createIndex('posting_entry').on('posting').column('entry_id').execute();

    await db.schema
      .createTable('idempotency_record')
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('route', 'varchar(100)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_record_pk', ['user_id', 'key'])
      .execute();

    await withId(db.schema.createTable('payout'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('destination', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('pending', 'completed', 'failed')`))
      .addColumn('failure_reason', 'varchar(200)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .addColumn('settled_by', 'bigint')
      .execute();
    await db.schema.createIndex('payout_user').on('payout').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('payout_status').on('payout').columns(['status', 'id']).execute();
  },
});
