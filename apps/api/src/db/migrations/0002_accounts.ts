import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/** Users, sessions with rotating refresh tokens, single-use email tokens, throttles and the mail outbox. */
export const m0002Accounts = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('app_user'), dialect)
      .addColumn('user_name', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('email_verified_at', 'bigint')
      .addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('user').check(sqlIn('role', ['user', 'admin'])))
      .addColumn('wallet_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('lifetime_spend', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // A session is one sign-in: the family of refresh tokens rotated from it.
    await db.schema
      .createTable('auth_session')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'varchar(40)')
      .execute();
    await db.schema.createIndex('auth_session_user').on('auth_session').column('user_id').execute();

    await withId(db.schema.createTable('refresh_token'), dialect)
      .addColumn('session_id', 'varchar(32)', (c) => c.notNull().references('auth_session.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('rotated_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('email_token'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull().check(sqlIn('purpose', ['verify', 'reset'])))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    // Fixed-window counters for rate limits and sign-in throttling, shared by every instance.
    await db.schema
      .createTable('throttle')
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('mail_outbox'), dialect)
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sqlIn('status', ['pending', 'sending', 'sent', 'failed'])))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'varchar(500)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  },
});

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
