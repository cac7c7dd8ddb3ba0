import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * Calls against the API under test: set-up (users, sign-in, top-ups, not measured), and
 * `timedCall` for calls timed one at a time.
 * The server must run with NODE_ENV other than production (for GET /api/dev/mail) and
 * TRUST_PROXY=true, so each simulated user can come from its own x-forwarded-for address
 * (sign-up is limited to 20 per hour per IP, card tokenizing to 60).
 */

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** Sent as x-forwarded-for (needs TRUST_PROXY=true on the server). */
  ip?: string;
  headers?: Record<string, string>;
  /** Give up after this many ms (the call rejects with a TimeoutError). */
  timeoutMs?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One call; answers the envelope's `data`, throws an ApiError on a non-2xx answer. */
export async function call<T>(baseUrl: string, method: string, path: string, o: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    ...(o.timeoutMs ? { signal: AbortSignal.timeout(o.timeoutMs) } : {}),
  });
  return envelopeData<T>(method, path, res.status, await res.text());
}

/** The envelope's `data` of an answer; an ApiError for a non-2xx one, with its message or raw text. */
function envelopeData<T>(method: string, path: string, status: number, text: string): T {
  let json: { msg?: string; data?: unknown } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not JSON: reported below with the raw text
  }
  if (status < 200 || status >= 300) throw new ApiError(status, `${method} ${path} -> ${status}: ${json.msg ?? text.slice(0, 200)}`);
  return json.data as T;
}

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * `call` over node:http with a kept-alive connection, for calls whose time is measured one at a
 * time: fetch (undici) added ~4.5 ms of its own to each call on this machine, more than the
 * server took to answer a catalog page (2-2.5 ms). Asks for brotli as a browser does, so the
 * server's compression is in the time.
 */
export function timedCall<T>(baseUrl: string, method: string, path: string, o: Pick<CallOptions, 'body' | 'headers' | 'timeoutMs'> = {}): Promise<T> {
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const headers: Record<string, string> = { ...o.headers, 'accept-encoding': 'br' };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  return new Promise<T>((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method, headers, agent: keepAlive, ...(o.timeoutMs ? { signal: AbortSignal.timeout(o.timeoutMs) } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw).toString('utf8');
        try {
          resolve(envelopeData<T>(method, path, res.statusCode ?? 0, text));
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', (error) => reject(error.name === 'AbortError' && error.cause instanceof Error ? error.cause : error));
    req.end(body);
  });
}

/** A kept-alive connection pool for a bench's load: one socket per call in flight. */
export const loadAgent = (sockets: number) => new http.Agent({ keepAlive: true, maxSockets: sockets });

/**
 * A JSON POST over a kept-alive connection of `agent`, answering the status and the parsed body
 * whatever the status. Asks for gzip or deflate, as fetch does, so the server compresses what it
 * would for fetch; costs the bench's client about a third of fetch's CPU, which shares the
 * machine's cores with the server under test.
 */
export function postJson<T>(agent: http.Agent, url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: T }> {
  const text = JSON.stringify(body);
  const sent = { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), 'accept-encoding': 'gzip, deflate' };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: sent, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const plain = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(plain.toString('utf8')) as T });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

export interface BenchUser {
  userName: string;
  email: string;
  password: string;
  ip: string;
}

/** A distinct private address per simulated client. */
export const clientIp = (i: number) => `10.77.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Signs up `count` users, each from its own IP, and verifies each through the local outbox. */
export async function createVerifiedUsers(baseUrl: string, count: number, prefix: string): Promise<BenchUser[]> {
  const users = Array.from({ length: count }, (_, i): BenchUser => {
    const userName = `${prefix}${i}`;
    return { userName, email: `${userName}@bench.example.com`, password: `Velvet-Orbit-Lantern-${i}-Quiet`, ip: clientIp(i) };
  });
  // Two at a time: each sign-up hashes a password on the server's small worker pool.
  await mapLimit(users, 2, async (u) => {
    await call(baseUrl, 'POST', '/api/auth/local/signup', { ip: u.ip, body: { userName: u.userName, fullName: `Bench User ${u.userName}`, email: u.email, password: u.password } });
    const mail = await call<{ items: { text: string }[] }>(baseUrl, 'GET', `/api/dev/mail?to=${encodeURIComponent(u.email)}`);
    const signature = /[?&]signature=([^\s&"'<>]+)/.exec(mail.items[0]?.text ?? '')?.[1];
    if (!signature) throw new Error(`no verification link in the outbox for ${u.email}`);
    await call(baseUrl, 'POST', '/api/sendgrid/verify', { body: { signature: decodeURIComponent(signature) } });
  });
  return users;
}

/** Signs in; answers the bearer access token. */
export async function signIn(baseUrl: string, u: BenchUser): Promise<string> {
  const data = await call<{ accessToken: { token: string } }>(baseUrl, 'POST', '/api/auth/local/signin', { ip: u.ip, body: { userName: u.userName, password: u.password } });
  return data.accessToken.token;
}

/** Tops up par by card: payment token, card token, fiat order. */
export async function topUpPar(baseUrl: string, token: string, amount: number, ip: string): Promise<void> {
  const pay = await call<{ accessToken: string }>(baseUrl, 'POST', '/api/gx/AuthToken', { token, ip });
  const card = await call<{ token: string }>(baseUrl, 'POST', '/api/gateway/tokenize', {
    token,
    ip,
    body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'B' },
  });
  await call(baseUrl, 'POST', '/api/gx/GenerateOrderFiat', { token, ip, headers: { 'x-payment-token': pay.accessToken }, body: { type: 'topup', amount, cardToken: card.token } });
}
