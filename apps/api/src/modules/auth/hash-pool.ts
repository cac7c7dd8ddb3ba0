import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { busy } from '../../http/errors.js';
import { WorkerPool } from '../../lib/worker-pool.js';

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
parentPort.on('message', ({ id, task }) => {
  try {
    const result = task.op === 'hash' ? argon.hashSync(task.password, task.options) : argon.verifySync(task.hash, task.password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** OWASP's Argon2id recommendation: m=19 MiB, t=2, p=1. Algorithm 2 = Argon2id in @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type Task = { op: 'hash'; password: string; options: typeof ARGON2_OPTIONS } | { op: 'verify'; password: string; hash: string };

export class HashPool {
  private readonly pool: WorkerPool<Task, unknown>;

  constructor(size = Math.max(1, availableParallelism()), maxQueue = 256) {
    this.pool = new WorkerPool({
      source: WORKER_SOURCE,
      workerData: { argonPath: createRequire(import.meta.url).resolve('@node-rs/argon2'), nice: 10 },
      size,
      maxQueue,
      busy,
    });
  }

  hash(password: string): Promise<string> {
    return this.pool.run({ op: 'hash', password, options: ARGON2_OPTIONS }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.pool.run({ op: 'verify', password, hash }) as Promise<boolean>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
