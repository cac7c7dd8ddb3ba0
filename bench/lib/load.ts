import autocannon, { type Options, type Result } from 'autocannon';

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
}

export interface LoadResult {
  /** Mean requests per second over the measured run. */
  reqPerSec: number;
  /** Latency percentiles in ms (2xx answers, sub-millisecond precision). */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

function run(opts: Options, latencies?: number[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    // autocannon's histogram keeps whole milliseconds; keep the exact times for the percentiles.
    if (latencies) {
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? Number.NaN;
}

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
  };
  const warmup = o.warmup ?? 2;
  if (warmup > 0) await run({ ...base, duration: warmup });

  const latencies: number[] = [];
  const result = await run({ ...base, duration: o.duration ?? 10 }, latencies);
  const sorted = Float64Array.from(latencies).sort();
  return {
    reqPerSec: result.requests.mean,
    p50: sorted.length ? percentile(sorted, 50) : result.latency.p50,
    p99: sorted.length ? percentile(sorted, 99) : result.latency.p99,
    errors: result.errors, // includes timeouts
    non2xx: result.non2xx,
    total: result.requests.total ?? latencies.length,
  };
}
