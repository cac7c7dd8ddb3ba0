import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { WorkerPool } from '../lib/worker-pool.js';

/**
 * The worker: its own connection to the database file, opened on the first checkpoint. PASSIVE
 * copies what it can without waiting for anyone: writers go on while it runs.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
let db;
parentPort.on('message', ({ id }) => {
  try {
    if (!db) {
      db = new Database(workerData.file, { fileMustExist: true });
      // As the app's own connection: the WAL is flushed before pages are copied, the database file after.
      db.pragma('synchronous = FULL');
    }
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, result: { busy: r.busy, log: r.log, checkpointed: r.checkpointed } });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), code: error && error.code });
  }
});
`;

type Checkpoint = { busy: number; log: number; checkpointed: number };

/** How long after a write the background checkpoint runs: writes within it share one. */
const DELAY_MS = 200;
/**
 * SQLite's own checkpoint, on the event loop inside a commit, stays as a backstop for a WAL
 * the worker cannot keep short (a reader holding an old snapshot): at 10,000 pages (~40 MB)
 * rather than its default 1,000.
 */
const BACKSTOP_PAGES = 10_000;
/** A worker with nothing to do for this long stops (its connection and heap go with it). */
const IDLE_EXIT_MS = 10_000;

/**
 * SQLite's WAL checkpoints off the event loop (docs/decisions/0076). By default SQLite runs a
 * checkpoint inside the commit that takes the WAL past 1,000 pages: on the event loop
 * (better-sqlite3 is synchronous), with two disk flushes, 30-200 ms here under a stream of orders,
 * every request waiting behind it. Once armed (after start-up, whose writes are done by then),
 * a write schedules a checkpoint on a worker thread of its own shortly after; writes meanwhile
 * share it, and a write during it schedules the next. No writes, no worker: it starts with the
 * first write after start-up and stops when writes have paused for a while.
 *
 * The app's connection is held (`hold`) while the worker copies: statements on it wait, the
 * event loop does not. Without that, a commit always slipped in between the copy and the next
 * write, and the WAL never started over: SQLite restarts it only at a write that finds every
 * frame copied. It grew to the backstop.
 */
export class BackgroundCheckpoints {
  private armed = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private dirty = false;
  private readonly pool: WorkerPool<null, Checkpoint>;
  private readonly wal: string;
  /** The WAL file as the last checkpoint left it: a write that changed nothing (housekeeping finding nothing due) starts no worker. */
  private walSeen = '';
  /** What the background has done, for tests and benches. */
  readonly stats = { runs: 0, skipped: 0, failures: 0, pagesCopied: 0 };

  constructor(
    private readonly sqlite: SqliteDatabase,
    file: string,
    private readonly hold: <T>(work: () => Promise<T>) => Promise<T>,
    private readonly delayMs = DELAY_MS,
  ) {
    this.wal = `${file}-wal`;
    this.pool = new WorkerPool({
      source: CHECKPOINTER_SOURCE,
      workerData: { driverPath: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      size: 1,
      maxQueue: 1,
      busy: () => new Error('a checkpoint is already queued'),
      idleExitMs: IDLE_EXIT_MS,
    });
  }

  /** Start-up is over: what start-up wrote is checkpointed here, once (PASSIVE: it waits for nobody), and later writes in the background. */
  arm(): void {
    this.sqlite.pragma('wal_checkpoint(PASSIVE)');
    this.sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    this.walSeen = this.walState();
    this.armed = true;
  }

  /** A statement that writes is about to run. */
  wrote(): void {
    if (!this.armed) return;
    this.dirty = true;
    if (this.timer === undefined && !this.running) this.schedule();
  }

  async close(): Promise<void> {
    this.armed = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pool.close();
  }

  /** The WAL file's size and last change; a commit that wrote pages changes it. */
  private walState(): string {
    try {
      const st = statSync(this.wal);
      return `${st.size}:${st.mtimeMs}`;
    } catch {
      return 'none';
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.run(), this.delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.dirty = false;
    if (this.walState() === this.walSeen) {
      this.stats.skipped += 1;
      return;
    }
    this.running = true;
    try {
      const done = await this.hold(async () => {
        // The WAL as the copy starts: a commit that lands while it runs (another connection's)
        // changes the file after this, so the next write's run copies it instead of skipping.
        const seen = this.walState();
        const copied = await this.pool.run(null);
        this.walSeen = seen;
        return copied;
      });
      this.stats.runs += 1;
      this.stats.pagesCopied += Math.max(0, done.checkpointed);
    } catch {
      // Left to the backstop (SQLite's own checkpoint at BACKSTOP_PAGES); the next write tries again.
      this.stats.failures += 1;
    } finally {
      this.running = false;
      if (this.dirty && this.armed) this.schedule();
    }
  }
}
