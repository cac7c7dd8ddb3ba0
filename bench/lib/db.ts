/**
 * Direct database access for set-up and checks: the same drivers the API uses (resolved
 * from apps/api), a throw-away PostgreSQL database per run.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from './proc.js';

const requireFromApi = createRequire(path.join(REPO_ROOT, 'apps/api/package.json'));
export const Pg = requireFromApi('pg') as typeof pg;
export const Sqlite = requireFromApi('better-sqlite3') as typeof BetterSqlite3;

/** The API keeps int8 as JS numbers; so do the checks here. */
Pg.types.setTypeParser(Pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/** Server to create bench databases on: BENCH_PG_URL, else DATABASE_URL, else local trust auth. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchPgDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Answers why PostgreSQL cannot be used, or null when it can. */
export async function pgUnavailable(): Promise<string | null> {
  const client = new Pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//***@')} not reachable (${(error as Error).message}); set BENCH_PG_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a fresh database `parmeta_bench_<label>_<pid>` (dropped first if left over). */
export async function createPgDatabase(label: string): Promise<BenchPgDatabase> {
  const name = `parmeta_bench_${label}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = async (sqlText: string) => {
    const client = new Pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return { name, url: withDatabase(PG_ADMIN_URL, name), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One query on a short-lived client. */
export async function pgQuery<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new Pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The dialects to bench: BENCH_DIALECTS (comma-separated, e.g. "postgres"), else both. */
export function benchDialects(): ('sqlite' | 'postgres')[] {
  const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
  return (['sqlite', 'postgres'] as const).filter((d) => wanted.includes(d));
}
