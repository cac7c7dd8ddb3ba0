// Minimal types for the parts of autocannon 8 the bench uses (the package ships none).
declare module 'autocannon' {
  import { type EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    timeout?: number;
  }

  interface Histogram {
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total?: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;

  export default autocannon;
  export type { Options, Result, Instance };
}
