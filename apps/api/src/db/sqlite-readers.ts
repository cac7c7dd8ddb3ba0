import { createRequire } from 'node:module';
import SQLite, { type Database as SqliteDatabase, type Statement as SqliteStatement } from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import {
  SqliteAdapter,
  SqliteIntrospector,
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
import { SqliteLimitsCompiler } from './sqlite-query-compiler.js';
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
    const started = performance.now();
    const rows = statement.all(...task.parameters);
    parentPort.postMessage({ id, result: { rows, ms: performance.now() - started } });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), code: error && error.code });
  }
});
`;

type ReadTask = { sql: string; parameters: readonly unknown[] };
type ReadResult = { rows: unknown[]; ms: number };

export interface SqliteReadersOptions {
  /** The database file (not ':memory:', which another connection cannot open). */
  file: string;
  /** Page cache per reader, as SQLite's cache_size (negative: KiB). */
  cacheSize: number;
  statementCacheSize: number;
  /** A statement whose last runs all took less than this many ms may run on the event loop (default 0.1). */
  inlineUnderMs?: number;
}

/** Kysely's SQLite parts, for a dialect that reads through connections of its own. */
abstract class ReadOnlySqliteDialect implements Dialect {
  abstract createDriver(): Driver;
  createQueryCompiler(): QueryCompiler {
    return new SqliteLimitsCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * The read dialects of one database file, sharing the event loop's read-only connection:
 * `readers` for reads of any size, `quick` for reads of a few rows by key.
 */
export function sqliteReadDialects(opts: SqliteReadersOptions): { readers: Dialect; quick: Dialect } {
  const inline = new InlineReader(opts);
  return { readers: new SqliteReadersDialect(opts, inline), quick: new SqliteQuickReadsDialect(inline) };
}

/**
 * A Kysely dialect whose statements run on read-only SQLite connections in worker threads
 * (docs/decisions/0018): a heavy read (a broad search, the counts over a large catalog) no
 * longer holds the event loop, and two statements sent together run at once, one per core.
 * Single statements only: each reads its own snapshot, and there are no transactions.
 */
class SqliteReadersDialect extends ReadOnlySqliteDialect {
  constructor(
    private readonly opts: SqliteReadersOptions,
    private readonly inline: InlineReader,
  ) {
    super();
  }

  createDriver(): Driver {
    return readersDriver(this.opts, this.inline);
  }
}

/**
 * Reads whose size the caller bounds (a page's products by id): always on the event loop's
 * read-only connection. Handing one to a reader costs more than running it (docs/decisions/0080),
 * and timing them to choose, as `readers` does, sent them to the readers whenever the machine
 * was busy enough to stretch one run past 0.1 ms.
 */
class SqliteQuickReadsDialect extends ReadOnlySqliteDialect {
  constructor(private readonly inline: InlineReader) {
    super();
  }

  createDriver(): Driver {
    const inline = this.inline;
    const connection: DatabaseConnection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: inline.run(compiled.sql, compiled.parameters) as R[] };
      },
      streamQuery() {
        throw new Error('The SQLite quick reads do not stream.');
      },
    };
    return singleStatements(connection, async () => inline.close());
  }
}

const notHere = () => Promise.reject(new Error('The SQLite read pool runs single statements, not transactions.'));

/** A driver of single statements on one connection object, which runs each where it goes. */
function singleStatements(connection: DatabaseConnection, destroy: () => Promise<void>): Driver {
  return {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: notHere,
    commitTransaction: notHere,
    rollbackTransaction: notHere,
    releaseConnection: async () => {},
    destroy,
  };
}

/** Each statement on the event loop if it has been quick there, else on a free reader. */
function readersDriver(opts: SqliteReadersOptions, inline: InlineReader): Driver {
  const pool = new WorkerPool<ReadTask, ReadResult>({
    source: READER_SOURCE,
    workerData: { driverPath: createRequire(import.meta.url).resolve('better-sqlite3'), ...opts },
    // Two at least, so a page and its counts run at once; one per core beyond that, up to four
    // (each keeps its own page cache).
    size: Math.max(2, Math.min(4, availableParallelism())),
    maxQueue: 1000,
    busy,
    // Quick reads run on the event loop; a reader is for heavy ones (a broad search), and one
    // idle for a minute gives its heap and page cache back.
    idleExitMs: 60_000,
  });
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const rows = inline.tryRun(compiled.sql, compiled.parameters);
      if (rows) return { rows: rows as R[] };
      const result = await pool.run({ sql: compiled.sql, parameters: compiled.parameters });
      inline.record(compiled.sql, result.ms);
      return { rows: result.rows as R[] };
    },
    streamQuery() {
      throw new Error('The SQLite read pool does not stream.');
    },
  };
  return singleStatements(connection, () => {
    inline.close();
    return pool.close();
  });
}

const INLINE_UNDER_MS = 0.1;
/** How many of its latest runs must have been that quick (in a reader or here). */
const INLINE_AFTER_RUNS = 32;
/** Statement texts whose timings are kept, at most (the least recently used go first). */
const TIMED_STATEMENTS = 500;

/**
 * Quick reads on the event loop (docs/decisions/0067). Handing a statement to a reader and
 * its rows back costs the event loop about 80 µs of messages: more than a small catalog's
 * counts take to read. A statement text that has run in under 0.1 ms its last 32 times
 * therefore runs here, on this thread's own read-only connection. Longer ones stay on the
 * readers, where they run beside the event loop on another core. One slow run (a broad
 * search over a large catalog, which shares its text with narrow ones) sends the text back to
 * the readers until it has again run quickly 32 times in a row there: the event loop is held
 * at most by one slow run in 33 of a text that turns slow.
 */
class InlineReader {
  /** Per statement text: how many runs in a row were quick. */
  private readonly quickRuns = new Map<string, number>();
  private readonly statements = new Map<string, SqliteStatement>();
  private db: SqliteDatabase | undefined;

  constructor(private readonly opts: SqliteReadersOptions) {}

  /** The rows, if this text runs here now; undefined: send it to a reader. */
  tryRun(text: string, parameters: readonly unknown[]): unknown[] | undefined {
    if ((this.quickRuns.get(text) ?? 0) < INLINE_AFTER_RUNS) return undefined;
    const statement = this.statement(text);
    if (!statement) return undefined;
    const started = performance.now();
    const rows = statement.all(...parameters);
    this.record(text, performance.now() - started);
    return rows;
  }

  /** The rows, run here whatever its timings (the caller bounds what it reads). */
  run(text: string, parameters: readonly unknown[]): unknown[] {
    const statement = this.statement(text);
    if (!statement) throw Object.assign(new Error('The quick reads only run statements that return rows.'), { code: 'NOT_A_READ' });
    return statement.all(...parameters);
  }

  record(text: string, ms: number): void {
    const quick = ms < (this.opts.inlineUnderMs ?? INLINE_UNDER_MS) ? Math.min((this.quickRuns.get(text) ?? 0) + 1, INLINE_AFTER_RUNS) : 0;
    this.quickRuns.delete(text);
    this.quickRuns.set(text, quick);
    if (this.quickRuns.size > TIMED_STATEMENTS) this.quickRuns.delete(this.quickRuns.keys().next().value as string);
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  /** Prepared on this thread's read-only connection; undefined for a statement that returns no rows (the readers refuse it). */
  private statement(text: string): SqliteStatement | undefined {
    let statement = this.statements.get(text);
    if (statement) this.statements.delete(text);
    else {
      this.db ??= openReadOnly(this.opts);
      statement = this.db.prepare(text);
      if (!statement.reader) return undefined;
      if (this.statements.size >= this.opts.statementCacheSize) this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(text, statement);
    return statement;
  }
}

function openReadOnly(opts: SqliteReadersOptions): SqliteDatabase {
  const db = new SQLite(opts.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // Only quick statements run here: they read few pages, so a smaller cache than a reader's.
  db.pragma(`cache_size = ${Math.max(opts.cacheSize, -8192)}`);
  return db;
}
