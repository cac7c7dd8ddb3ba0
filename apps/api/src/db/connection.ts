import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver, type PostgresPool, type PostgresPoolClient, type QueryCompiler, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { BackgroundCheckpoints } from './sqlite-checkpoints.js';
import { SqliteLimitsCompiler } from './sqlite-query-compiler.js';
import { sqliteReadDialects, type SqliteReadersOptions } from './sqlite-readers.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For heavy reads that need no transaction (the catalog's pages and counts): on SQLite,
   * read-only connections on worker threads, so they neither hold the event loop nor wait for
   * each other (docs/decisions/0018); each statement reads its own snapshot. On PostgreSQL (and
   * an in-memory SQLite database) the same as `kysely`.
   */
  reads: Kysely<Database>;
  /**
   * For reads of a few rows by key, outside any transaction (a catalog page's products by id):
   * on SQLite always on the event loop's read-only connection, never a worker's (decision 0080).
   * On PostgreSQL (and an in-memory SQLite database) the same as `kysely`.
   */
  quick: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: a new connection of its own, outside the pool, for LISTEN (db/change-feed.ts). */
  connectOutsidePool?: () => pg.Client;
  /** Start-up's writes are done: SQLite's WAL checkpoints move off the event loop (db/sqlite-checkpoints.ts). */
  startUpDone?(): void;
  close(): Promise<void>;
}

// int8 (count(*), sums, bigint ids, epoch-millisecond timestamps) as a JS number:
// every value we store in int8 stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * SQLite transactions start with BEGIN IMMEDIATE: a transaction that reads and then
 * writes takes the write lock up front, so two processes cannot both read a balance and
 * then fail (or worse, deadlock) when upgrading to write. Limits are written into the SQL
 * (db/sqlite-query-compiler.ts).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteLimitsCompiler();
  }

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

function withStatementCache(sqlite: SQLite.Database, onWrite?: () => void): SqliteDatabase {
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
      if (onWrite && !statement.readonly) onWrite();
      return statement;
    },
  };
}

/**
 * Keeps the planner's row counts per index (sqlite_stat1) and drops its samples (sqlite_stat4),
 * which `pragma optimize` writes from a database's second start on. With samples, SQLite prepares
 * a statement again on every run whose bound values it could plan by (an indexed column compared
 * to a parameter): a catalog page's statement went from 27 to 79 µs (docs/decisions/0081). Our
 * plans do not need them: every test runs with no statistics at all.
 */
function dropStatisticSamples(sqlite: SQLite.Database): void {
  const hasTable = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'").get();
  if (!hasTable || !sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  sqlite.exec('delete from sqlite_stat4');
  // Makes this connection read the statistics again; connections opened later read them as they are.
  sqlite.exec('analyze sqlite_schema');
}

/** Page cache of each reader (KiB, as cache_size takes it): see openSqlite's. */
const READER_CACHE_SIZE = -32768;

export function openSqlite(file: string, onQuery?: QueryListener, readers: Pick<SqliteReadersOptions, 'inlineUnderMs'> = {}): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Up to 64 MB of pages kept in the process (SQLite's default is 2 MB): a large catalog's
  // tables and indexes are read again and again, and each page not kept is a system call to
  // read it again (a 100,000-product search went from 10-17 ms to a steady ~9 when it ran
  // here; it now runs on the readers, which keep their own 32 MB each). Pages are only kept
  // once read, so a small shop uses little of it.
  sqlite.pragma('cache_size = -65536');
  // Gathers planner statistics where they are missing or stale (cheap; SQLite's advice for
  // long-lived connections), so list queries walk the right index.
  sqlite.pragma('optimize = 0x10002');
  dropStatisticSamples(sqlite);
  if (file === ':memory:') {
    const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), ...logWith(onQuery) });
    return { kysely, reads: kysely, quick: kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  // The checkpoints hold the connection (Kysely's, so no statement runs on it meanwhile) while a worker copies the WAL.
  const checkpoints = new BackgroundCheckpoints(sqlite, file, (work) => kysely.connection().execute(work));
  const kysely: Kysely<Database> = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, () => checkpoints.wrote()) }), ...logWith(onQuery) });
  const dialects = sqliteReadDialects({ file, cacheSize: READER_CACHE_SIZE, statementCacheSize: STATEMENT_CACHE_SIZE, ...readers });
  const reads = new Kysely<Database>({ dialect: dialects.readers, ...logWith(onQuery) });
  const quick = new Kysely<Database>({ dialect: dialects.quick, ...logWith(onQuery) });
  return {
    kysely,
    reads,
    quick,
    dialect: 'sqlite',
    startUpDone: () => checkpoints.arm(),
    close: async () => {
      await checkpoints.close();
      await reads.destroy();
      await quick.destroy();
      await kysely.destroy();
    },
  };
}

/**
 * PostgreSQL statements are sent as named (prepared) statements, so each pooled connection
 * parses and plans a query text once and then only binds and runs it: unnamed statements are
 * planned anew every time, which was about half the server CPU of a ledger transfer. Only
 * parameterised data statements are named: DDL and parameterless scripts (migrations, which
 * may hold several statements) go as they are.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const statementNames = new Map<string, string>();
/** Bounded: texts past the limit are still named, just hashed on each use. */
const MAX_REMEMBERED_NAMES = 5_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < MAX_REMEMBERED_NAMES) statementNames.set(text, name);
  }
  return name;
}

function withNamedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      return {
        // Kysely calls query(sql, parameters); it passes a cursor only for streaming, which we never use.
        query: ((text: string, values: unknown[] = []) =>
          values.length > 0 && PREPARABLE.test(text) ? client.query({ name: statementName(text), text, values }) : client.query(text, values)) as unknown as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
    // Kysely reads these to open a side connection that cancels a running query.
    options: pool.options,
    Client: pg.Client,
  };
}

export function openPostgres(url: string, poolSize: number, searchPath?: string, onQuery?: QueryListener): Db {
  const connection = { connectionString: url, ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}) };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }), ...logWith(onQuery) });
  return {
    kysely,
    reads: kysely,
    quick: kysely,
    dialect: 'postgres',
    // Kept alive by TCP too: a listener behind a quiet NAT or firewall must not be dropped unseen.
    connectOutsidePool: () => new pg.Client({ ...connection, keepAlive: true, application_name: 'parmeta-change-feed' }),
    close: () => kysely.destroy(),
  };
}

export function openDb(config: Config['database']): Db {
  return config.dialect === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, config.poolSize);
}
