import { randomBytes } from 'node:crypto';
import pg from 'pg';

const PG_URL = process.env.TEST_DATABASE_URL;

/** The databases a journey runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const JOURNEY_DATABASES: ('sqlite' | 'postgres')[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface JourneyDatabase {
  /** Environment for the server: nothing for SQLite (a fresh data directory), DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL schema (search_path in the URL) for one server, dropped afterwards; SQLite needs nothing. */
export async function journeyDatabase(kind: 'sqlite' | 'postgres'): Promise<JourneyDatabase> {
  if (kind === 'sqlite') return { env: {}, drop: async () => {} };
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { env: { DATABASE_URL: url.href }, drop: () => run(`drop schema ${schema} cascade`) };
}
