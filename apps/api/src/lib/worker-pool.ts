import { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /**
   * CommonJS source each worker runs. It is evaluated (`eval: true`) rather than loaded from a
   * file, so the same code runs from the TypeScript sources in tests and from the server bundle.
   * For each `{ id, task }` message it posts `{ id, result }`, or `{ id, error, code? }`.
   */
  source: string;
  workerData?: unknown;
  /** Workers at most; each starts when a task first needs it. */
  size: number;
  /** Tasks waiting for a worker at most; past that, `run` refuses with `busy()`. */
  maxQueue: number;
  busy: () => Error;
  /**
   * A worker left idle this long stops, giving its memory back (its own V8 heap, and whatever
   * its tasks loaded); the next task starts a new one. Unset: workers stay until `close()`.
   */
  idleExitMs?: number;
}

type Reply = { id: number; result?: unknown; error?: string; code?: string };
type Pending = { id: number; task: unknown; tries: number; resolve: (result: unknown) => void; reject: (error: Error) => void };

/**
 * How many workers a task may see die under it before it fails. Tasks are pure (a read, a
 * hash), so running one again is safe; a task that kills every worker it meets still fails.
 */
const MAX_TRIES = 2;

/** A task's failure in a worker, with the code the worker gave it (SQLite's `SQLITE_READONLY`, say). */
export class WorkerTaskError extends Error {
  override name = 'WorkerTaskError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Tasks run on a few worker threads, one task per worker at a time, the rest queued (bounded).
 * Workers do not keep the process alive; one that dies is replaced, and its task runs again.
 */
export class WorkerPool<T, R> {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly inflight = new Map<Worker, Pending>();
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private nextId = 1;

  constructor(private readonly opts: WorkerPoolOptions) {}

  run(task: T): Promise<R> {
    if (this.queue.length >= this.opts.maxQueue) return Promise.reject(this.opts.busy());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, tries: 0, resolve: resolve as (result: unknown) => void, reject });
      this.pump();
    });
  }

  /** Stops every worker; tasks still running or waiting fail. */
  async close(): Promise<void> {
    const workers = [...this.all];
    const unfinished = [...this.inflight.values(), ...this.queue.splice(0)];
    this.all.length = 0;
    this.idle.length = 0;
    this.inflight.clear();
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const job of unfinished) job.reject(new Error('The worker pool was closed.'));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.all.length < this.opts.size ? this.spawn() : undefined);
      if (!worker) return;
      clearTimeout(this.idleTimers.get(worker));
      this.idleTimers.delete(worker);
      const job = this.queue.shift() as Pending;
      job.tries += 1;
      this.inflight.set(worker, job);
      worker.postMessage({ id: job.id, task: job.task });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.opts.source, { eval: true, workerData: this.opts.workerData });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = this.inflight.get(worker);
      this.inflight.delete(worker);
      if (job?.id === reply.id) {
        if (reply.error !== undefined) job.reject(new WorkerTaskError(reply.error, reply.code));
        else job.resolve(reply.result);
      }
      this.rest(worker);
      this.pump();
    });
    // A worker that fails outside a task (it could not start, or crashed) is replaced by the
    // next task that needs one. Its own task runs again on another worker, once (MAX_TRIES).
    const gone = (error: Error) => {
      const at = this.all.indexOf(worker);
      if (at < 0) return;
      this.all.splice(at, 1);
      const idleAt = this.idle.indexOf(worker);
      if (idleAt >= 0) this.idle.splice(idleAt, 1);
      const job = this.inflight.get(worker);
      this.inflight.delete(worker);
      if (job && job.tries < MAX_TRIES) this.queue.unshift(job);
      else job?.reject(error);
      this.pump();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`A worker thread stopped (exit code ${code}).`)));
    this.all.push(worker);
    return worker;
  }

  /** Back in the idle list; with `idleExitMs`, stopped if no task takes it in that time. */
  private rest(worker: Worker): void {
    this.idle.push(worker);
    if (this.opts.idleExitMs === undefined) return;
    const timer = setTimeout(() => {
      this.idleTimers.delete(worker);
      const idleAt = this.idle.indexOf(worker);
      if (idleAt < 0) return;
      // Out of the lists first, so its exit is not taken for a crash.
      this.idle.splice(idleAt, 1);
      this.all.splice(this.all.indexOf(worker), 1);
      void worker.terminate();
    }, this.opts.idleExitMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }
}
