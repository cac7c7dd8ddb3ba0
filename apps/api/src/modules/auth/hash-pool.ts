import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../http/errors.js';

/**
 * Password hashing runs in a small pool of worker threads, one per core, each lowered
 * to nice 10. Argon2id is deliberately CPU-heavy: a sign-in flood then uses the spare
 * CPU while the event loop (nice 0) keeps serving every other route. The queue is
 * bounded: past it, callers get a 429 instead of piling up memory and latency.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
const argon = require(workerData.argonPath);
parentPort.on('message', (task) => {
  try {
    const result = task.op === 'hash' ? argon.hashSync(task.password, task.options) : argon.verifySync(task.hash, task.password);
    parentPort.postMessage({ id: task.id, result });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String((error && error.message) || error) });
  }
});
`;

/** OWASP's Argon2id recommendation: m=19 MiB, t=2, p=1. Algorithm 2 = Argon2id in @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type Task = { id: number; op: 'hash' | 'verify'; password: string; hash?: string; options?: typeof ARGON2_OPTIONS };
type Pending = { task: Task; resolve: (v: unknown) => void; reject: (e: Error) => void };

export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly inflight = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly size = Math.max(1, availableParallelism()),
    private readonly maxQueue = 256,
  ) {}

  hash(password: string): Promise<string> {
    return this.run({ op: 'hash', password, options: ARGON2_OPTIONS }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run({ op: 'verify', password, hash }) as Promise<boolean>;
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((w) => w.terminate()));
    this.all.length = 0;
    this.idle.length = 0;
  }

  private run(partial: Omit<Task, 'id'>): Promise<unknown> {
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new AppError('RATE_LIMITED', 'We are very busy right now. Please try again in a moment.', { headers: { 'retry-after': '1' } }));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...partial, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.all.length < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift() as Pending;
      this.inflight.set(job.task.id, job);
      worker.postMessage(job.task);
    }
  }

  private spawn(): Worker {
    const argonPath = createRequire(import.meta.url).resolve('@node-rs/argon2');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argonPath, nice: 10 } });
    worker.unref();
    worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
      const job = this.inflight.get(msg.id);
      this.inflight.delete(msg.id);
      if (job) {
        if (msg.error !== undefined) job.reject(new Error(msg.error));
        else job.resolve(msg.result);
      }
      this.idle.push(worker);
      this.pump();
    });
    worker.on('error', (error) => {
      for (const [id, job] of this.inflight) {
        job.reject(error);
        this.inflight.delete(id);
      }
      this.all.splice(this.all.indexOf(worker), 1);
    });
    this.all.push(worker);
    return worker;
  }
}
