import { randomBytes } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, describeEachDb } from './helpers.js';
import { quickUsers } from './quick-users.js';
import { processDatabase, startServerProcess, type ServerProcess } from './server-process.js';

/**
 * The server as a process on the runtime it ships on: SIGTERM while its SQLite reader threads
 * and its password-hashing threads are busy must finish the requests in flight and exit 0.
 * better-sqlite3 12 aborted the process on Node 24 here (a Statement destructor running
 * after a worker thread's environment was gone), so an abort, a crash or a non-zero exit
 * fails the test (docs/decisions/0004). A worker thread that dies is replaced, and what it was
 * doing runs again, so no request fails.
 */

const ADMIN = { email: 'ops@example.test', password: 'Quiet-Harbor-Lantern-Orbit' };
const SEARCHES = ['', 'wool', 'steel', 'shirt', 'lamp', 'organic', 'water', 'bag'];
const CRASH_SIGNS = /Assertion failed|SIGABRT|Segmentation fault|FATAL ERROR|core dumped|Aborted/;

interface Answer {
  kind: 'catalog' | 'signup';
  status: number;
  startedAt: number;
  endedAt: number;
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/local/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: ADMIN.email, password: ADMIN.password }),
  });
  const body = (await response.json()) as { data: { accessToken: { token: string } } };
  return body.data.accessToken.token;
}

/**
 * Loops that keep the server busy until the server stops answering: catalog pages with a
 * search (the SQLite readers; the answer cache is off) and sign-ups from many addresses (the
 * hash pool). Every answer is recorded with when its request started and ended.
 */
function busyLoad(baseUrl: string, token: string) {
  const answers: Answer[] = [];
  let failures = 0;
  let stopped = false;
  const loop = async (kind: Answer['kind'], n: number) => {
    for (let i = 0; !stopped; i++) {
      const startedAt = performance.now();
      const request =
        kind === 'catalog'
          ? { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, path: '/api/ecommerce/SelProductShop', body: { search: SEARCHES[(n + i) % SEARCHES.length], page: 1 + (i % 3) } }
          : {
              // A new client address each time: sign-up's per-address limit (TRUST_PROXY is on).
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${n}.${(i >> 8) & 255}.${i & 255}` },
              path: '/api/auth/local/signup',
              body: { userName: `load_${randomBytes(5).toString('hex')}`, fullName: 'Load Test', email: `load_${randomBytes(5).toString('hex')}@example.test`, password: 'Amber-Tundra-Violet-Cascade' },
            };
      try {
        const response = await fetch(`${baseUrl}${request.path}`, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) });
        await response.arrayBuffer();
        answers.push({ kind, status: response.status, startedAt, endedAt: performance.now() });
      } catch {
        // The server has stopped listening (or closed an idle connection while closing).
        failures++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const loops = [...Array.from({ length: 8 }, (_, n) => loop('catalog', n)), ...Array.from({ length: 4 }, (_, n) => loop('signup', n))];
  return {
    answers,
    failures: () => failures,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** How many answers of each kind and status, for a failure message. */
function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[`${a.kind} ${a.status}`] = (counts[`${a.kind} ${a.status}`] ?? 0) + 1;
  return counts;
}

async function until(check: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const dialect of DIALECTS) {
  describe(`the server process [${dialect}]`, () => {
    let server: ServerProcess | undefined;
    let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
    afterEach(async () => {
      await server?.dispose();
      await database?.dispose();
    });

    it('drains the requests in flight on SIGTERM, with its reader and hashing threads busy, and exits 0', { timeout: 90_000 }, async () => {
      database = await processDatabase(dialect);
      server = await startServerProcess({
        ...database.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CATALOG_CACHE_MS: '0',
        SESSION_CHECK_CACHE_MS: '0',
        TRUST_PROXY: 'true',
        HOUSEKEEPING_MS: '200',
        LOG_REQUESTS: 'false',
        // A short drain (answering, not ready) before the close that this test is about.
        SHUTDOWN_DRAIN_MS: '300',
      });
      const token = await signIn(server.baseUrl);
      const load = busyLoad(server.baseUrl, token);
      const count = (kind: Answer['kind']) => load.answers.filter((a) => a.kind === kind && a.status < 300).length;
      await until(() => count('catalog') >= 200 && count('signup') >= 20, 20_000, () => `the load to get going; answers so far: ${JSON.stringify(tally(load.answers))}, failed requests: ${load.failures()}`);

      const sigtermAt = performance.now();
      server.child.kill('SIGTERM');
      const ended = await Promise.race([server.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
      await load.stop();

      expect(server.output()).not.toMatch(CRASH_SIGNS);
      expect(ended).toEqual({ code: 0, signal: null });
      // What was asked before SIGTERM got its real answer: no 5xx, and some of it was
      // still being worked on when the signal came (the server waited for it).
      const before = load.answers.filter((a) => a.startedAt < sigtermAt);
      expect(before.filter((a) => a.status >= 500)).toEqual([]);
      expect(before.filter((a) => a.endedAt > sigtermAt && a.status < 300).length).toBeGreaterThan(0);
    });
  });
}

describeEachDb('worker threads that die under load', (ctx) => {
  it('are replaced while the server keeps answering, with no request failing', { timeout: 60_000 }, async () => {
    const { app, db, config } = ctx();
    const [user] = await quickUsers(db, config, 1);
    const workers: Worker[] = [];
    const onWorker = (worker: Worker) => workers.push(worker);
    process.on('worker', onWorker);
    const statuses: number[] = [];
    let stopped = false;
    const loop = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        const response =
          n % 3 === 0
            ? await app.inject({
                method: 'POST',
                url: '/api/auth/local/signup',
                remoteAddress: `10.9.${n}.${i & 255}`,
                payload: { userName: `w_${randomBytes(5).toString('hex')}`, fullName: 'Worker Test', email: `w_${randomBytes(5).toString('hex')}@example.test`, password: 'Amber-Tundra-Violet-Cascade' },
              })
            : await app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: user?.auth, payload: { search: SEARCHES[(n + i) % SEARCHES.length], page: 1 } });
        statuses.push(response.statusCode);
      }
    };
    try {
      const loops = Array.from({ length: 6 }, (_, n) => loop(n));
      // The hash pool's threads, and on SQLite the catalog's reader threads, start on first use
      // (searches read the page's products there; their matches come from the in-memory index,
      // docs/decisions/0079, so one statement at a time: one reader is enough for them).
      await until(() => workers.length >= (db.dialect === 'sqlite' ? 2 : 1) && statuses.length >= 30, 20_000, () => `worker threads (${workers.length}) and answers (${statuses.length})`);
      const killedAt = statuses.length;
      const started = workers.length;
      await Promise.all(workers.slice().map((worker) => worker.terminate()));
      await until(() => statuses.length >= killedAt + 60, 20_000, () => `answers after the threads died (${statuses.length - killedAt})`);
      stopped = true;
      await Promise.all(loops);
      expect(workers.length).toBeGreaterThan(started); // replaced
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.slice(killedAt).filter((s) => s < 300).length).toBeGreaterThanOrEqual(60);
    } finally {
      stopped = true;
      process.off('worker', onWorker);
    }
  });
});
