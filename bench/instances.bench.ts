/**
 * Several instances on one PostgreSQL database: how long after a change made through one
 * instance has been answered does another instance show it? Two built API processes, caches
 * on with long TTLs (a minute for the shop window, ten seconds for session checks), so only
 * the change feed (LISTEN/NOTIFY, docs/decisions/0045) can make them show it sooner.
 * - catalog: a stock edit on instance A; instance B's cached shop list is asked until it shows it.
 * - session: a sign-out on A; B (which has the token's check kept) is asked until it refuses it.
 * The time runs from A's answer to B's first answer showing the change, so it includes one
 * request to B: an upper bound of the notification's own delay.
 * Run: node --import tsx bench/instances.bench.ts   (BENCH_INSTANCE_ROUNDS=50)
 */
import { randomBytes } from 'node:crypto';
import { call } from './lib/api.js';
import { createPgDatabase, pgUnavailable } from './lib/db.js';
import { percentile, sortedMs } from './lib/load.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { startApi, type ApiServer } from './lib/server.js';

export const TARGET_MS = 100;
const ADMIN = { email: 'bench-admin@example.test', password: 'Quiet-Harbor-Lantern-Orbit' };
const CATALOG = '/api/ecommerce/SelProductShop';
/** Gives up on one round after this long: the TTLs are far longer, so it would mean the notification never came. */
const GIVE_UP_MS = 5_000;

/** Asks `ask` until `seen` holds; answers the ms from `since`. */
async function timeUntil(since: number, ask: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await ask()) return performance.now() - since;
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`not seen within ${GIVE_UP_MS} ms`);
  }
}

async function signIn(api: ApiServer): Promise<string> {
  const data = await call<{ accessToken: { token: string } }>(api.baseUrl, 'POST', '/api/auth/local/signin', { body: { userName: ADMIN.email, password: ADMIN.password } });
  return data.accessToken.token;
}

async function catalogRounds(a: ApiServer, b: ApiServer, token: string, rounds: number): Promise<number[]> {
  const first = await call<{ items: { id: number; stock: number }[] }>(a.baseUrl, 'POST', CATALOG, { token, body: {} });
  const id = first.items[0]!.id;
  const stockOn = async (api: ApiServer) => (await call<{ items: { id: number; stock: number }[] }>(api.baseUrl, 'POST', CATALOG, { token, body: {} })).items.find((p) => p.id === id)!.stock;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = await stockOn(b); // kept on b from here
    await call(a.baseUrl, 'POST', '/api/admin/products/stock', { token, body: { id, stock: before + 1 } });
    const answered = performance.now();
    times.push(await timeUntil(answered, async () => (await stockOn(b)) === before + 1));
  }
  return times;
}

async function sessionRounds(a: ApiServer, b: ApiServer, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const token = await signIn(a);
    const detail = () => fetch(`${b.baseUrl}/api/user/detail`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ user_id: 'admin' }) }).then(async (r) => (await r.arrayBuffer(), r.status));
    if ((await detail()) !== 200) throw new Error('the token is not accepted on b');
    await call(a.baseUrl, 'POST', '/api/auth/logout', { token });
    const answered = performance.now();
    times.push(await timeUntil(answered, async () => (await detail()) === 401));
  }
  return times;
}

export async function runInstancesBench(): Promise<{ checks: Check[] }> {
  const rounds = envNum('BENCH_INSTANCE_ROUNDS', 50);
  console.log(`\n-- a change on one instance, seen on another (two processes, one PostgreSQL database), ${rounds} rounds (${loadAvg()})`);
  const unavailable = await pgUnavailable();
  if (unavailable) return { checks: [check('change seen on another instance', false, `not measured: ${unavailable}`)] };
  const database = await createPgDatabase('instances');
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: randomBytes(48).toString('base64url'), CATALOG_CACHE_MS: '60000', SESSION_CHECK_CACHE_MS: '10000', LOG_REQUESTS: 'false', SHUTDOWN_DRAIN_MS: '0' };
  const servers: ApiServer[] = [];
  try {
    servers.push(await startApi({ databaseUrl: database.url, env }));
    servers.push(await startApi({ databaseUrl: database.url, env }));
    const [a, b] = servers as [ApiServer, ApiServer];
    const catalog = sortedMs(await catalogRounds(a, b, await signIn(a), rounds));
    const session = sortedMs(await sessionRounds(a, b, Math.min(rounds, 20)));
    const rows = [
      ['catalog: stock edit -> shop list', catalog],
      ['session: sign-out -> token refused', session],
    ] as const;
    console.log(table(['change', 'n', 'p50 ms', 'p90 ms', 'max ms'], rows.map(([name, t]) => [name, String(t.length), fmt(percentile(t, 50), 1), fmt(percentile(t, 90), 1), fmt(percentile(t, 100), 1)])));
    const checks = rows.map(([name, t]) => check(`${name} on another instance, p90 <= ${TARGET_MS} ms`, percentile(t, 90) <= TARGET_MS, `p50 ${fmt(percentile(t, 50), 1)} ms, p90 ${fmt(percentile(t, 90), 1)} ms, max ${fmt(percentile(t, 100), 1)} ms`));
    printChecks(checks);
    const file = saveResult('instances.json', { date: new Date().toISOString(), node: process.version, loadAvg: loadAvg(), catalog: [...catalog], session: [...session], checks });
    console.log(`saved ${file}`);
    return { checks };
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

if (isMain(import.meta.url)) {
  runInstancesBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
