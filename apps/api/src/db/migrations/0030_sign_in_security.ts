import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { withId } from '../schema-helpers.js';

/**
 * Sign-in past the password (issue #18): how each session was started and when it was last
 * used (the sessions list), single-use challenges (Sign-In with Ethereum nonces, WebAuthn
 * challenges, pending two-step sign-ins), passkeys, authenticator apps with their recovery
 * codes, and the external wallet a member links (docs/decisions/0030).
 */
export const m0030SignInSecurity = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('auth_session').addColumn('method', 'varchar(10)', (c) => c.notNull().defaultTo('password')).execute();
    await db.schema.alterTable('auth_session').addColumn('second_factor', 'varchar(10)').execute();
    await db.schema.alterTable('auth_session').addColumn('last_used_at', 'bigint').execute();
    await db.schema.alterTable('auth_session').addColumn('user_agent', 'varchar(200)').execute();

    // Nonces and challenges are not secret (the client signs them); a pending sign-in token is,
    // and is stored as its sha256. Each is used once: a conditional update on used_at.
    await db.schema
      .createTable('auth_challenge')
      .addColumn('value', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sqlIn('kind', ['siwe_link', 'siwe_signin', 'passkey_register', 'passkey_signin', 'pending_signin'])))
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('cascade'))
      .addColumn('detail', 'varchar(64)')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_challenge_expiry').on('auth_challenge').column('expires_at').execute();

    await withId(db.schema.createTable('passkey'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('credential_id', 'varchar(512)', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('passkey_user').on('passkey').column('user_id').execute();

    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
      .addColumn('secret', 'varchar(200)', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('recovery_code'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recovery_code_user').on('recovery_code').columns(['user_id', 'code_hash']).execute();

    // One linked address per account, and one account per address (checksummed, EIP-55).
    await withId(db.schema.createTable('linked_wallet'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('app_user.id').onDelete('cascade'))
      .addColumn('address', 'varchar(42)', (c) => c.notNull().unique())
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
