import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// int8 (count(*), sums, bigint ids, epoch-millisecond timestamps) as a JS number:
// every value we store in int8 stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * SQLite transactions start with BEGIN IMMEDIATE: a transaction that reads and then
 * writes takes the write lock up front, so two processes cannot both read a balance and
 * then fail (or worse, deadlock) when upgrading to write.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** Called with each SQL statement run (tests count statements with it). */
export type QueryListener = (sqlText: string) => void;

const logWith = (onQuery?: QueryListener) =>
  onQuery ? { log: (event: { level: string; query: { sql: string } }) => (event.level === 'query' ? onQuery(event.query.sql) : undefined) } : {};

/**
 * better-sqlite3 with a cache of prepared statements by SQL text. Kysely prepares every
 * query it runs, and preparing (parsing and planning) cost more than running our small
 * indexed queries; the cache keeps the most recent STATEMENT_CACHE_SIZE. Safe because one
 * connection runs one statement at a time (we never stream, which would hold a statement
 * open), and SQLite re-plans a cached statement by itself when the schema changes.
 */
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        // Least recently used first: a hit moves to the end.
        cache.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

export function openSqlite(file: string, onQuery?: QueryListener): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Gathers planner statistics where they are missing or stale (cheap; SQLite's advice for
  // long-lived connections), so list queries walk the right index.
  sqlite.pragma('optimize = 0x10002');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), ...logWith(onQuery) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

export function openPostgres(url: string, poolSize: number, searchPath?: string, onQuery?: QueryListener): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...logWith(onQuery) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

export function openDb(config: Config['database']): Db {
  return config.dialect === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, config.poolSize);
}
