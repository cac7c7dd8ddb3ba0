/**
 * HTTP throughput of the built API against a bare node:http hello-world baseline.
 * Run: node --import tsx bench/http.bench.ts   (BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_ROUNDS=1)
 */
import { startHello } from './lib/hello.js';
import { load, withCpu, type LoadResult } from './lib/load.js';
import { check, isMain, printChecks, saveResult, table, type Check } from './lib/report.js';
import { memoryMb } from './lib/proc.js';
import { cpuProfArgs, rssMb, startApi } from './lib/server.js';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Runs once before the load (e.g. log in, create data); may override path, body and headers. */
  setup?: (ctx: { baseUrl: string }) => Promise<{ path?: string; body?: unknown; headers?: Record<string, string> } | void>;
  /** Minimum req/s as a fraction of the hello-world baseline (PASS/MISS). */
  minRatio?: number;
  /** Maximum p99 latency in ms (PASS/MISS). */
  maxP99Ms?: number;
}

/** API endpoints under load. Later issues add one line each. */
export const scenarios: Scenario[] = [
  // Printed, no longer a target (issue #20): request logging alone costs more than its margin.
  { name: 'GET /api/health', path: '/api/health' },
];

export const TARGETS = { coldStartMs: 1500, idleRssMb: 80, loadedRssMb: 200 };

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
/** The run with the median req/s. */
const median = (runs: Measured[]): Measured => {
  const sorted = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!mid) throw new Error('no runs');
  return mid;
};
type Measured = LoadResult & { cpuUsPerReq: number };
async function measured(pid: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const { r, cpuUsPerReq } = await withCpu(pid, run);
  return { ...r, cpuUsPerReq };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runHttpBench(): Promise<{ checks: Check[] }> {
  const duration = num('BENCH_DURATION', 10);
  const connections = num('BENCH_CONNECTIONS', 10);
  const rounds = Math.floor(num('BENCH_ROUNDS', 1));
  console.log(`\n== HTTP bench: ${connections} connections, ${duration}s per target (+2s warm-up), pipelining 1, ${rounds} round(s) ==`);

  const api = await startApi({ ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}), nodeArgs: cpuProfArgs('http') });
  const hello = await startHello();
  const checks: Check[] = [];
  const rows: { name: string; r: Measured; ratio: number | null }[] = [];
  try {
    await sleep(2000);
    const idleRss = rssMb(api.pid);
    const idleMemory = memoryMb(api.pid);

    // Prepare each scenario once (setup may log in or create data), then measure in rounds:
    // hello, then every scenario, BENCH_ROUNDS times; each target keeps its median round.
    const prepared = [];
    for (const s of scenarios) {
      const extra = (await s.setup?.({ baseUrl: api.baseUrl })) ?? {};
      const body = extra.body ?? s.body;
      const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...s.headers, ...extra.headers };
      prepared.push({
        s,
        opts: {
          url: `${api.baseUrl}${extra.path ?? s.path}`,
          method: s.method ?? 'GET',
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
        runs: [] as Measured[],
      });
    }
    const helloRuns: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      helloRuns.push(await measured(hello.pid, () => load({ url: `${hello.baseUrl}/`, connections, duration })));
      for (const p of prepared) p.runs.push(await measured(api.pid, () => load({ ...p.opts, connections, duration })));
    }

    const helloResult = median(helloRuns);
    rows.push({ name: 'hello-world (node:http)', r: helloResult, ratio: null });
    for (const { s, runs } of prepared) {
      const r = median(runs);
      const ratio = helloResult.reqPerSec > 0 ? r.reqPerSec / helloResult.reqPerSec : Number.NaN;
      rows.push({ name: s.name, r, ratio });
      if (s.minRatio !== undefined) checks.push(check(`${s.name} req/s vs hello`, ratio >= s.minRatio, `${fmt(ratio, 2)} (target >= ${s.minRatio})`));
      if (s.maxP99Ms !== undefined) checks.push(check(`${s.name} p99`, r.p99 <= s.maxP99Ms, `${fmt(r.p99, 2)} ms (target <= ${s.maxP99Ms})`));
      const errors = runs.reduce((n, x) => n + x.errors, 0);
      const non2xx = runs.reduce((n, x) => n + x.non2xx, 0);
      if (errors > 0 || non2xx > 0) checks.push(check(`${s.name} clean answers`, false, `${errors} errors, ${non2xx} non-2xx`));
    }
    const loadedRss = rssMb(api.pid);

    console.log(
      table(
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non2xx', 'ratio vs hello', 'server CPU µs/req', 'CPU ratio'],
        rows.map(({ name, r, ratio }) => [
          name,
          fmt(r.reqPerSec),
          fmt(r.p50, 2),
          fmt(r.p99, 2),
          String(r.errors),
          String(r.non2xx),
          ratio === null ? '1.00 (base)' : fmt(ratio, 2),
          fmt(r.cpuUsPerReq, 1),
          fmt(helloResult.cpuUsPerReq / r.cpuUsPerReq, 2),
        ]),
      ),
    );
    console.log("CPU ratio: hello-world CPU time per request / the target's: what the req/s ratio would be with a core to itself.");
    console.log(`\ncold start (spawn -> first 200 /api/health): ${fmt(api.coldStartMs)} ms`);
    console.log(`API RSS: ${fmt(idleRss, 1)} MB idle (2 s after start), ${fmt(loadedRss, 1)} MB after load`);
    console.log(`API idle memory: ${fmt(idleMemory.private, 1)} MB private (only this process), ${fmt(idleMemory.pss, 1)} MB PSS; the rest of RSS is the node binary's pages, shared with every node process`);
    checks.unshift(
      check('cold start', api.coldStartMs <= TARGETS.coldStartMs, `${fmt(api.coldStartMs)} ms (target <= ${TARGETS.coldStartMs})`),
      check('idle RSS', idleRss <= TARGETS.idleRssMb, `${fmt(idleRss, 1)} MB (target <= ${TARGETS.idleRssMb})`),
      check('RSS after load', loadedRss <= TARGETS.loadedRssMb, `${fmt(loadedRss, 1)} MB (target <= ${TARGETS.loadedRssMb})`),
    );
    printChecks(checks);
    const file = saveResult('http.json', {
      date: new Date().toISOString(),
      node: process.version,
      connections,
      duration,
      rounds,
      coldStartMs: api.coldStartMs,
      idleRssMb: idleRss,
      idleMemoryMb: idleMemory,
      loadedRssMb: loadedRss,
      results: rows,
      checks,
    });
    console.log(`saved ${file}`);
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
  }
  return { checks };
}

if (isMain(import.meta.url)) {
  runHttpBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
