import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { exclusively } from '../db/locks.js';

export interface GeneratedSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/**
 * The table is made here, not by a migration: the signing key is needed to build the app,
 * and the app is built (and listens, live but not ready) before the migrations run. The
 * same reason Kysely makes its own bookkeeping tables outside the migrations it runs.
 */
async function ensureTable(db: Db): Promise<void> {
  await exclusively(db.kysely, db.dialect, 'generated-secret-table', (trx) =>
    sql`create table if not exists generated_secret (name varchar(64) primary key, value varchar(200) not null, created_at bigint not null)`.execute(trx),
  );
}

/**
 * A secret that nobody set (the embedded default) must be the same on every instance of one
 * database, or a token signed by one would be refused by the next. Each instance proposes the
 * value it has (generated into its data directory); the first one kept in the database wins
 * and every instance uses that one. Safe when several instances start at once.
 */
export async function agreeOnSecret(db: Db, name: string, proposal: string): Promise<string> {
  await ensureTable(db);
  await db.kysely
    .insertInto('generated_secret')
    .values({ name, value: proposal, created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await db.kysely.selectFrom('generated_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return kept.value;
}

/** The configuration with its generated signing key replaced by the one this database keeps. */
export async function withAgreedSecrets(config: Config, db: Db): Promise<Config> {
  if (!config.jwtSecretGenerated) return config;
  return { ...config, jwtSecret: await agreeOnSecret(db, 'jwtSecret', config.jwtSecret) };
}
