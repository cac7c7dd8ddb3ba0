import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { busy } from '../../http/errors.js';
import { WorkerPool } from '../../lib/worker-pool.js';

/**
 * Password work (hashing, and estimating a new password's strength) runs in a small pool of
 * worker threads, one per core, each lowered to nice 10. Argon2id is deliberately CPU-heavy: a sign-in flood then uses the spare
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
// The strength estimator and its dictionaries (a few MB) load on the first strength check.
let estimator;
function strength(password, userInputs) {
  if (!estimator) {
    const { ZxcvbnFactory } = require(workerData.zxcvbn.core);
    const common = require(workerData.zxcvbn.common);
    const en = require(workerData.zxcvbn.en);
    estimator = new ZxcvbnFactory({ translations: en.translations, graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary } });
  }
  const r = estimator.check(password, userInputs);
  return { score: r.score, guessesLog10: r.guessesLog10, warning: r.feedback.warning || null, suggestions: r.feedback.suggestions };
}
parentPort.on('message', ({ id, task }) => {
  try {
    const result =
      task.op === 'hash' ? argon.hashSync(task.password, task.options) : task.op === 'verify' ? argon.verifySync(task.hash, task.password) : strength(task.password, task.userInputs);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const resolve = (name: string) => createRequire(import.meta.url).resolve(name);

/** OWASP's Argon2id recommendation: m=19 MiB, t=2, p=1. Algorithm 2 = Argon2id in @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

type Task = { op: 'hash'; password: string; options: typeof ARGON2_OPTIONS } | { op: 'verify'; password: string; hash: string } | { op: 'strength'; password: string; userInputs: string[] };

/** zxcvbn-ts's estimate: score 0 (too guessable) to 4 (very unguessable), with its advice in words. */
export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  guessesLog10: number;
  warning: string | null;
  suggestions: string[];
}

export class HashPool {
  private readonly pool: WorkerPool<Task, unknown>;

  constructor(size = Math.max(1, availableParallelism()), maxQueue = 256) {
    this.pool = new WorkerPool({
      source: WORKER_SOURCE,
      workerData: {
        argonPath: resolve('@node-rs/argon2'),
        zxcvbn: { core: resolve('@zxcvbn-ts/core'), common: resolve('@zxcvbn-ts/language-common'), en: resolve('@zxcvbn-ts/language-en') },
        nice: 10,
      },
      size,
      maxQueue,
      busy,
      // Sign-ups and sign-ins come in bursts; between them the worker is not kept, nor its
      // strength dictionaries (~33 MB of its heap; issue #20: memory under load, decision 0071).
      idleExitMs: 10_000,
    });
  }

  hash(password: string): Promise<string> {
    return this.pool.run({ op: 'hash', password, options: ARGON2_OPTIONS }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.pool.run({ op: 'verify', password, hash }) as Promise<boolean>;
  }

  /**
   * How guessable a password is, with `userInputs` (the user's name, email, ...) counted as
   * known words. Estimating is CPU work (up to ~300 ms for some inputs), so it runs here, off
   * the event loop, like hashing.
   */
  strength(password: string, userInputs: string[]): Promise<Strength> {
    return this.pool.run({ op: 'strength', password, userInputs }) as Promise<Strength>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
