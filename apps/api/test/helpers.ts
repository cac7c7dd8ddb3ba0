import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPostgres, openSqlite, type Db, type DialectName, type QueryListener } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoSeeders } from '../src/seed/seeders.js';

const PG_URL = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI always sets it). */
export const DIALECTS: DialectName[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  /** A second connection to the same database that reports every statement it runs. */
  reopen(onQuery: QueryListener): Db;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database: a new SQLite file in a temp folder, or a new PostgreSQL
 * schema (search_path) in the test database. Nothing is shared between test files.
 */
export async function freshDb(dialect: DialectName): Promise<TestDb & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parmeta-test-'));
  let db: Db;
  let dropSchema: (() => Promise<void>) | undefined;
  let reopen: (onQuery: QueryListener) => Db;
  if (dialect === 'sqlite') {
    db = openSqlite(path.join(dataDir, 'app.db'));
    reopen = (onQuery) => openSqlite(path.join(dataDir, 'app.db'), onQuery);
  } else {
    if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = openPostgres(PG_URL, 10, schema);
    reopen = (onQuery) => openPostgres(PG_URL, 10, schema, onQuery);
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    reopen,
    async dispose() {
      await db.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: TestDb;
  config: Config;
  dialect: DialectName;
}

/**
 * Runs the suite once per dialect with a fresh database and a built app.
 * The callback gets a getter because the app only exists after beforeAll.
 */
export function describeEachDb(name: string, suite: (ctx: () => TestApp) => void, env: Record<string, string> = {}, options: { seed?: boolean } = {}) {
  for (const dialect of DIALECTS) {
    describe(`${name} [${dialect}]`, () => {
      let ctx: TestApp | undefined;
      let handle: TestDb | undefined;
      beforeAll(async () => {
        const fresh = await freshDb(dialect);
        handle = fresh;
        const config = testConfig(fresh.dataDir, env);
        if (options.seed) await seedDemoData(fresh.db, demoSeeders);
        // TEST_LOG=error (or another level) shows the app's own log, e.g. the cause behind a 500.
        const app = await buildApp({ config, db: fresh.db, logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false });
        await app.ready();
        ctx = { app, db: fresh.db, handle: fresh, config, dialect };
      });
      afterAll(async () => {
        await ctx?.app.close();
        await handle?.dispose();
      });
      suite(() => {
        if (!ctx) throw new Error('test app not ready');
        return ctx;
      });
    });
  }
}
