import { sql, type Kysely } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './database.js';

export type Work<T> = (trx: Kysely<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Bounds how long one shared transaction holds SQLite's write lock (and its callers' latency). */
export const MAX_BATCH = 64;

/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT waits for the disk to flush
 * the WAL, and on a busy disk that flush, not the SQL, bounds how many transactions one
 * connection can commit per second. So units of work that arrive together share one
 * transaction and one flush: each runs in its own SAVEPOINT (a failure rolls back only
 * its own changes and the others go on), and every caller, failed or not, is answered
 * only after the shared COMMIT has returned, i.e. once the batch is durable. If the
 * COMMIT fails, every caller in the batch gets that error: none of its work happened.
 *
 * A unit of work is what one transaction would have done: database work only (SQLite has
 * one connection; work that waits on something else would hold up the whole batch).
 * Work that arrives while a batch runs goes into the next one.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private draining = false;

  constructor(
    private readonly kysely: Kysely<Database>,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.draining) return;
      this.draining = true;
      // Start after the current turn of the event loop, so work from every request that
      // has arrived by then joins the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.commit(this.queue.splice(0, this.maxBatch));
    this.draining = false;
  }

  private async commit(batch: Job[]): Promise<void> {
    const [only] = batch;
    if (batch.length === 1 && only) {
      // Alone: a plain transaction, with the same statements as without group commit.
      await this.kysely
        .transaction()
        .execute(only.work)
        .then(only.resolve, only.reject);
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = await this.kysely.transaction().execute(async (trx) => {
        const done: Outcome[] = [];
        for (const job of batch) done.push(await runInSavepoint(trx, job.work));
        // Nothing to keep (every unit failed and was rolled back to its savepoint): ending with a
        // ROLLBACK writes nothing, where a COMMIT would still flush the WAL. Under a sell-out most
        // batches are refusals only.
        if (done.every((o) => !o.ok)) throw new NothingToKeep(done);
        return done;
      });
    } catch (error) {
      if (error instanceof NothingToKeep) outcomes = error.outcomes;
      else {
        for (const job of batch) job.reject(error);
        return;
      }
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

/** Thrown to end a batch with ROLLBACK when none of its units has anything to commit. */
class NothingToKeep extends Error {
  constructor(readonly outcomes: Outcome[]) {
    super('every unit of the batch failed');
  }
}

async function runInSavepoint(trx: Kysely<Database>, work: Work<unknown>): Promise<Outcome> {
  await sql`savepoint batch_job`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release batch_job`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    // Some errors (I/O, disk full) make SQLite roll back the whole transaction; the
    // savepoint is then gone, this throws, and the whole batch fails instead of running
    // the rest of it outside any transaction.
    await sql`rollback to batch_job`.execute(trx);
    await sql`release batch_job`.execute(trx);
    return { ok: false, error };
  }
}

const committers = new WeakMap<Kysely<Database>, GroupCommit>();

/**
 * Runs one unit of database work in a transaction. SQLite: through the group commit of
 * its (single) connection. PostgreSQL: in a transaction of its own, on a pooled
 * connection; the server already lets concurrent commits share a WAL flush.
 */
export function transact<T>(db: Db, work: Work<T>): Promise<T> {
  if (db.dialect !== 'sqlite') return db.kysely.transaction().execute(work);
  // Kept beside the connection rather than on Db (built in connection.ts): one
  // committer per SQLite connection is exactly the scope it serialises on.
  let group = committers.get(db.kysely);
  if (!group) {
    group = new GroupCommit(db.kysely);
    committers.set(db.kysely, group);
  }
  return group.run(work);
}

/**
 * One write statement that needs no transaction around it (a key's claim, a stored answer, a
 * gateway's record). PostgreSQL: run on a pooled connection, where it commits by itself, without
 * the BEGIN and COMMIT round trips a transaction adds. SQLite: through the group commit, as
 * transact() (its one connection may be inside a batch's transaction, which a bare statement
 * would join). Either way the caller is answered once the write is durable.
 */
export function writeOne<T>(db: Db, write: Work<T>): Promise<T> {
  return db.dialect === 'postgres' ? write(db.kysely) : transact(db, write);
}
