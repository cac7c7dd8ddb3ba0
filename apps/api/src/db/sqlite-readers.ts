import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { busy } from '../http/errors.js';
import { WorkerPool } from '../lib/worker-pool.js';

/**
 * Each reader: its own read-only connection to the database file, and its own cache of
 * prepared statements. A statement runs in autocommit, so it reads the latest commit (WAL) and
 * cannot write (a read-only connection refuses with SQLITE_READONLY).
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = ' + workerData.cacheSize);
const statements = new Map();
parentPort.on('message', ({ id, task }) => {
  try {
    let statement = statements.get(task.sql);
    if (statement) statements.delete(task.sql);
    else {
      statement = db.prepare(task.sql);
      if (statements.size >= workerData.statementCacheSize) statements.delete(statements.keys().next().value);
    }
    statements.set(task.sql, statement);
    if (!statement.reader) throw Object.assign(new Error('The read pool only runs statements that return rows.'), { code: 'NOT_A_READ' });
    parentPort.postMessage({ id, result: statement.all(...task.parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), code: error && error.code });
  }
});
`;

type ReadTask = { sql: string; parameters: readonly unknown[] };

export interface SqliteReadersOptions {
  /** The database file (not ':memory:', which another connection cannot open). */
  file: string;
  /** Page cache per reader, as SQLite's cache_size (negative: KiB). */
  cacheSize: number;
  statementCacheSize: number;
}

/**
 * A Kysely dialect whose statements run on read-only SQLite connections in worker threads
 * (docs/decisions/0018): a heavy read (a broad search, the counts over a large catalog) no
 * longer holds the event loop, and two statements sent together run at once, one per core.
 * Single statements only: each reads its own snapshot, and there are no transactions.
 */
export class SqliteReadersDialect implements Dialect {
  constructor(private readonly opts: SqliteReadersOptions) {}

  createDriver(): Driver {
    return new ReadersDriver(this.opts);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

const notHere = () => Promise.reject(new Error('The SQLite read pool runs single statements, not transactions.'));

class ReadersDriver implements Driver {
  private readonly pool: WorkerPool<ReadTask, unknown[]>;
  /** One connection object for every query: the pool behind it runs each on a free reader. */
  private readonly connection: DatabaseConnection;

  constructor(opts: SqliteReadersOptions) {
    this.pool = new WorkerPool({
      source: READER_SOURCE,
      workerData: { driverPath: createRequire(import.meta.url).resolve('better-sqlite3'), ...opts },
      // Two at least, so a page and its counts run at once; one per core beyond that, up to four
      // (each keeps its own page cache).
      size: Math.max(2, Math.min(4, availableParallelism())),
      maxQueue: 1000,
      busy,
    });
    const pool = this.pool;
    this.connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await pool.run({ sql: compiled.sql, parameters: compiled.parameters })) as R[] };
      },
      streamQuery() {
        throw new Error('The SQLite read pool does not stream.');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  beginTransaction = notHere;
  commitTransaction = notHere;
  rollbackTransaction = notHere;
  async releaseConnection(): Promise<void> {}
  destroy(): Promise<void> {
    return this.pool.close();
  }
}
