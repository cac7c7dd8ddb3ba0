import { cpuSeconds } from './proc.js';
import autocannon, { type Client, type Options, type Request, type Result } from 'autocannon';

export type { Request as LoadRequest } from 'autocannon';

export interface LoadOptions {
  url: string;
  connections?: number;
  /** Measured seconds. */
  duration?: number;
  /** Warm-up seconds before the measured run (not reported). */
  warmup?: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** autocannon request list, cycled in order on each connection (rotating bodies, tokens, setupRequest). */
  requests?: Request[];
  /**
   * Fixed number of requests instead of `duration` (and `warmupAmount` instead of `warmup`):
   * the run ends when every request is answered, so nothing is left in flight (exact counts).
   */
  amount?: number;
  warmupAmount?: number;
  /** Requests per second per connection (open-ish loop); unset: as fast as answers come. */
  connectionRate?: number;
  /** Every answer of the measured run, in order per connection (pipelining 1). */
  onResponse?: (client: Client, statusCode: number, ms: number) => void;
}

export interface LoadResult {
  /** Mean requests per second over the measured run. */
  reqPerSec: number;
  /** Latency percentiles in ms (2xx answers, sub-millisecond precision). */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  /** 2xx answers in the measured run, and in the warm-up. */
  ok: number;
  warmupOk: number;
  /** Requests written but never answered when the run stopped (always 0 with `amount`). */
  unanswered: number;
  /** Measured wall time in seconds. */
  seconds: number;
  statusCodes: Record<string, number>;
}

interface RunStats {
  result: Result;
  ok: number;
  answered: number;
  sent: number;
  seconds: number;
}

function run(opts: Options, latencies?: number[], onResponse?: LoadOptions['onResponse']): Promise<RunStats> {
  let sent = 0;
  let answered = 0;
  let ok = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...opts,
        setupClient: (client) => {
          client.on('request', () => sent++);
        },
      },
      (err, result) => (err ? reject(err) : resolve({ result, ok, answered, sent, seconds: (performance.now() - started) / 1000 })),
    );
    // autocannon's histogram keeps whole milliseconds; keep the exact times for the percentiles.
    instance.on('response', (client: Client, statusCode: number, _bytes: number, responseTime: number) => {
      answered++;
      const good = statusCode >= 200 && statusCode < 300;
      if (good) {
        ok++;
        latencies?.push(responseTime);
      }
      onResponse?.(client, statusCode, responseTime);
    });
  });
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? Number.NaN;
}

/** Sorted copy (numeric) of a list of latencies. */
export const sortedMs = (values: number[]): Float64Array => Float64Array.from(values).sort();

/**
 * Runs autocannon in this process (the server under test is a child process, so on two
 * cores each side gets one). A warm-up run precedes the measured one.
 */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const base: Options = {
    url: o.url,
    connections: o.connections ?? 10,
    pipelining: 1,
    method: o.method ?? 'GET',
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.requests ? { requests: o.requests } : {}),
    ...(o.connectionRate ? { connectionRate: o.connectionRate } : {}),
  };
  let warmupOk = 0;
  if (o.amount !== undefined) {
    if (o.warmupAmount) warmupOk = (await run({ ...base, amount: o.warmupAmount })).ok;
  } else {
    const warmup = o.warmup ?? 2;
    if (warmup > 0) warmupOk = (await run({ ...base, duration: warmup })).ok;
  }

  const latencies: number[] = [];
  const measured = await run(o.amount !== undefined ? { ...base, amount: o.amount } : { ...base, duration: o.duration ?? 10 }, latencies, o.onResponse);
  const { result } = measured;
  const sorted = sortedMs(latencies);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    // A fixed-amount run ends part-way through a 1 s sample: divide by the wall time instead.
    reqPerSec: o.amount !== undefined ? measured.answered / measured.seconds : result.requests.mean,
    p50: sorted.length ? percentile(sorted, 50) : result.latency.p50,
    p95: sorted.length ? percentile(sorted, 95) : Number.NaN,
    p99: sorted.length ? percentile(sorted, 99) : result.latency.p99,
    errors: result.errors, // includes timeouts
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total ?? latencies.length,
    ok: measured.ok,
    warmupOk,
    unanswered: Math.max(0, measured.sent - measured.answered - result.timeouts),
    seconds: measured.seconds,
    statusCodes,
  };
}

/**
 * A load run with the server's CPU time per answered request (warm-up included in both
 * counts): steadier than req/s when neighbours load the machine.
 */
export async function withCpu(pid: number, run: () => Promise<LoadResult>): Promise<{ r: LoadResult; cpuUsPerReq: number }> {
  const cpu0 = cpuSeconds(pid);
  const r = await run();
  const answered = r.total + r.warmupOk;
  return { r, cpuUsPerReq: answered > 0 ? ((cpuSeconds(pid) - cpu0) * 1e6) / answered : Number.NaN };
}
