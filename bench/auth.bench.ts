/**
 * Authentication: (a) the cost of one Argon2id verify in the API's HashPool, (b) sign-in
 * throughput with correct passwords over ~20 verified users, (c) whether a sign-in flood
 * hurts every other route: p99 of GET /api/health and POST /api/gx/Userdata from a light
 * second load, quiet versus during the flood.
 * Run: node --import tsx bench/auth.bench.ts   (after building the API)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Client } from 'autocannon';
import { createVerifiedUsers, signIn } from './lib/api.js';
import { load, withCpu, percentile, sortedMs, type LoadResult } from './lib/load.js';
import { REPO_ROOT } from './lib/proc.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, sleep, table, type Check } from './lib/report.js';
import { cpuProfArgs, startApi } from './lib/server.js';

export const TARGETS = { verifyMs: 25, signInPerSec: 120, floodP99Factor: 2 };

const HASH_POOL_JS = path.join(REPO_ROOT, 'apps/api/dist/modules/auth/hash-pool.js');

interface HashPoolLike {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/** (a) 50 sequential verifies on a pool of one worker (as the API runs it: a worker thread at nice 10). */
async function verifyCost(runs = 50): Promise<{ mean: number; p95: number; cpuMs: number }> {
  const { HashPool } = (await import(pathToFileURL(HASH_POOL_JS).href)) as { HashPool: new (size?: number) => HashPoolLike };
  const pool = new HashPool(1);
  try {
    const password = 'Velvet-Orbit-Lantern-Quiet';
    const hash = await pool.hash(password);
    for (let i = 0; i < 3; i++) await pool.verify(hash, password); // warm the worker
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      if (!(await pool.verify(hash, password))) throw new Error('HashPool.verify answered false for the right password');
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    const sorted = sortedMs(times);
    return { mean: times.reduce((a, b) => a + b, 0) / runs, p95: percentile(sorted, 95), cpuMs: (cpu.user + cpu.system) / 1000 / runs };
  } finally {
    await pool.close();
  }
}

interface ProbeResult {
  route: string;
  p50: number;
  p99: number;
  n: number;
  bad: number;
}

/**
 * The light second load: 2 connections, each at most `rate` req/s, alternating GET
 * /api/health and POST /api/gx/Userdata; answers are attributed per route by their
 * order on each connection (pipelining 1).
 */
async function probe(baseUrl: string, token: string, seconds: number, rate = 50): Promise<ProbeResult[]> {
  const routes = [
    { route: 'GET /api/health', req: { method: 'GET', path: '/api/health' } },
    { route: 'POST /api/gx/Userdata', req: { method: 'POST', path: '/api/gx/Userdata', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' } },
  ];
  const seen = new WeakMap<Client, number>();
  const times: number[][] = routes.map(() => []);
  const bad = routes.map(() => 0);
  await load({
    url: baseUrl,
    connections: 2,
    connectionRate: rate,
    duration: seconds,
    warmup: 0,
    requests: routes.map((r) => r.req),
    onResponse: (client, status, ms) => {
      const n = seen.get(client) ?? 0;
      seen.set(client, n + 1);
      const i = n % routes.length;
      if (status >= 200 && status < 300) times[i]?.push(ms);
      else bad[i] = (bad[i] ?? 0) + 1;
    },
  });
  return routes.map((r, i) => {
    const sorted = sortedMs(times[i] ?? []);
    return { route: r.route, p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length, bad: bad[i] ?? 0 };
  });
}

export async function runAuthBench(): Promise<{ checks: Check[] }> {
  const duration = envNum('BENCH_DURATION', 10);
  const userCount = 20;
  const connections = 20;
  console.log(`\n== Auth bench: verify cost; sign-in flood ${connections} connections, ${duration}s (+2s warm-up) over ${userCount} users (${loadAvg()}) ==`);
  const checks: Check[] = [];

  const cost = await verifyCost();
  console.log(`(a) HashPool.verify, pool of 1, 50 sequential: mean ${fmt(cost.mean, 1)} ms, p95 ${fmt(cost.p95, 1)} ms, CPU ${fmt(cost.cpuMs, 1)} ms per verify (${loadAvg()})`);
  checks.push(check('one password verify (p95, wall)', cost.p95 <= TARGETS.verifyMs, `${fmt(cost.p95, 1)} ms, mean ${fmt(cost.mean, 1)} ms, CPU ${fmt(cost.cpuMs, 1)} ms each (target <= ${TARGETS.verifyMs})`));

  const api = await startApi({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' }, nodeArgs: cpuProfArgs('auth') });
  let flood: LoadResult;
  let floodCpuUs: number;
  let quiet: ProbeResult[];
  let loud: ProbeResult[];
  try {
    const users = await createVerifiedUsers(api.baseUrl, userCount, 'bauth');
    const [first] = users;
    if (!first) throw new Error('no users');
    const token = await signIn(api.baseUrl, first);

    const probeSeconds = Math.max(3, duration - 1);
    quiet = await probe(api.baseUrl, token, probeSeconds);

    const bodies = users.map((u) => JSON.stringify({ userName: u.userName, password: u.password }));
    let next = 0;
    const floodRun = withCpu(api.pid, () => load({
      url: api.baseUrl,
      connections,
      duration,
      warmup: 2,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/local/signin',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
        },
      ],
    }));
    // The probe runs inside the flood's measured window (after its 2 s warm-up).
    await sleep(2500);
    loud = await probe(api.baseUrl, token, probeSeconds);
    ({ r: flood, cpuUsPerReq: floodCpuUs } = await floodRun);
  } finally {
    await api.stop();
  }

  console.log(`(b) sign-in flood: ${fmt(flood.reqPerSec)} req/s, p50 ${fmt(flood.p50, 1)} ms, p99 ${fmt(flood.p99, 1)} ms, ${flood.non2xx} non-2xx ${JSON.stringify(flood.statusCodes)}, ${flood.errors} errors, API CPU ${fmt(floodCpuUs / 1000, 1)} ms per sign-in (all threads; ${loadAvg()})`);
  checks.push(check('sign-in throughput', flood.reqPerSec >= TARGETS.signInPerSec, `${fmt(flood.reqPerSec, 1)} req/s (target >= ${TARGETS.signInPerSec})`));
  checks.push(check('sign-in clean answers', flood.non2xx === 0 && flood.errors === 0, `${flood.non2xx} non-2xx, ${flood.errors} errors`));

  const rows = quiet.map((q, i) => {
    const l = loud[i] as ProbeResult;
    return { route: q.route, quiet: q, flood: l, factor: l.p99 / q.p99 };
  });
  console.log('(c) light load (2 connections, <= 100 req/s), quiet vs during the sign-in flood:');
  console.log(
    table(
      ['route', 'quiet p50', 'quiet p99', 'flood p50', 'flood p99', 'p99 x', 'n quiet/flood', 'non2xx'],
      rows.map((r) => [r.route, fmt(r.quiet.p50, 2), fmt(r.quiet.p99, 2), fmt(r.flood.p50, 2), fmt(r.flood.p99, 2), fmt(r.factor, 1), `${r.quiet.n}/${r.flood.n}`, String(r.quiet.bad + r.flood.bad)]),
    ),
  );
  for (const r of rows) {
    checks.push(check(`${r.route} p99 during flood`, r.factor <= TARGETS.floodP99Factor && r.flood.bad === 0, `${fmt(r.flood.p99, 2)} ms vs ${fmt(r.quiet.p99, 2)} ms quiet = ${fmt(r.factor, 1)}x (target <= ${TARGETS.floodP99Factor}x)`));
  }
  printChecks(checks);
  const file = saveResult('auth.json', { date: new Date().toISOString(), node: process.version, loadAvg: loadAvg(), verify: cost, flood, probe: rows, checks });
  console.log(`saved ${file}`);
  return { checks };
}

if (isMain(import.meta.url)) {
  runAuthBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
