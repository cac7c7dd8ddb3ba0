// Minimal types for the parts of autocannon 8 the bench uses (the package ships none).
declare module 'autocannon' {
  import { type EventEmitter } from 'node:events';

  /** One entry of `requests`: autocannon cycles through them in order on every connection. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each send of this entry; answers the request to send (a changed copy is fine). */
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  /** autocannon's per-connection client: it emits 'request' each time it writes a request. */
  type Client = EventEmitter;

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Fixed number of requests (duration is then ignored); every one is answered before the run ends. */
    amount?: number;
    pipelining?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    requests?: Request[];
    setupClient?: (client: Client) => void;
    /** Requests per second per connection. */
    connectionRate?: number;
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
  export type { Options, Result, Instance, Request, Client };
}
