/**
 * Orders per second (issue #20): many members place and pay shop orders at once, with par and
 * with the sandbox card, carts of 1-5 lines, and real stock contention: a few hot products
 * with little stock are in many carts, so orders race for the last units. Counts paid orders
 * per second per database and checks, in the database afterwards, that nothing was oversold.
 *
 * Run: node --import tsx bench/orders.bench.ts   (BENCH_DURATION=10, BENCH_DIALECTS, BENCH_ORDER_USERS=40, BENCH_ORDER_CONCURRENCY=32)
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type http from 'node:http';
import { call, createVerifiedUsers, loadAgent, mapLimit, postJson, signIn, topUpPar } from './lib/api.js';
import { benchDialects, createPgDatabase, Pg, pgUnavailable, Sqlite, type BenchPgDatabase } from './lib/db.js';
import { cpuSeconds, machineCpuSeconds } from './lib/proc.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { cpuProfArgs, startApi, type ApiServer } from './lib/server.js';

export const TARGETS = { sqlitePaidPerSec: 500, postgresPaidPerSec: 300 };

/**
 * Development mode for the local outbox (sign-up verification); request logging stays on, as
 * JSON lines as in production, not development's readable lines (as the catalog bench logs).
 */
const DEV_ENV = { NODE_ENV: 'development', LOG_FORMAT: 'json' };
const HOT_PRODUCTS = 4;
const HOT_STOCK = 150;
const COLD_STOCK = 1_000_000;
const SHIPPING = {
  shipping_name: 'Bench Buyer',
  shipping_email: 'bench@example.test',
  shipping_contact: '+66812345678',
  shipping_address1: '1 Bench Road',
  shipping_district: 'Watthana',
  shipping_state: 'Bangkok',
  shipping_zip: '10110',
  shipping_country: { value: 'TH', label: 'Thailand' },
};

type Dialect = 'sqlite' | 'postgres';

/** SQL on the bench's own connection to the server's database (the server keeps running). */
interface Sql {
  all<R>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

async function openSql(dialect: Dialect, api: ApiServer, pgUrl?: string): Promise<Sql> {
  if (dialect === 'sqlite') {
    const db = new Sqlite(path.join(api.dataDir, 'app.db'));
    db.pragma('busy_timeout = 5000');
    return {
      all: async <R>(text: string, values: unknown[] = []) => (/^\s*select/i.test(text) ? (db.prepare(text).all(...values) as R[]) : (db.prepare(text).run(...values), [])),
      close: async () => {
        db.close();
      },
    };
  }
  const client = new Pg.Client({ connectionString: pgUrl });
  await client.connect();
  // SQLite's ? placeholders as PostgreSQL's $n.
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return { all: async <R>(text: string, values: unknown[] = []) => (await client.query(numbered(text), values)).rows as R[], close: () => client.end() };
}

interface Member {
  auth: Record<string, string>;
  ip: string;
  card: string;
}

interface Tally {
  paid: number;
  paidPar: number;
  paidCard: number;
  outOfStock: number;
  otherRefusals: Record<string, number>;
  failures: number;
}

const random = (n: number) => Math.floor(Math.random() * n);

interface Answer {
  status: boolean;
  code?: string;
  data?: { orderNo?: string };
}

/** The load's calls: node:http over kept-alive sockets, not fetch, whose own CPU (0.54 of a core at ~470 paid orders/s) took the server's share of this 2-core machine. */
let agent: http.Agent;

const post = (baseUrl: string, url: string, m: Member, body: unknown) => postJson<Answer>(agent, `${baseUrl}${url}`, { ...m.auth, 'idempotency-key': randomUUID(), 'x-forwarded-for': m.ip }, body);

/** One member's order: a cart of 1-5 lines (each a hot product one time in three), placed then paid. */
async function orderOnce(baseUrl: string, m: Member, hot: number[], cold: number[], t: Tally): Promise<void> {
  const lines = new Map<number, number>();
  for (let i = 1 + random(5); i > 0; i--) {
    const id = random(3) === 0 ? hot[random(hot.length)]! : cold[random(cold.length)]!;
    lines.set(id, (lines.get(id) ?? 0) + 1 + random(2));
  }
  const created = await post(baseUrl, '/api/ecommerce/CreateEcomOrder', m, { list: [...lines].map(([id, qty]) => ({ id, qty })), shipping: SHIPPING });
  const orderNo = created.body.data?.orderNo;
  if (created.status >= 300 || !orderNo) {
    const code = created.body.code ?? String(created.status);
    if (code === 'OUT_OF_STOCK' || /stock/i.test(JSON.stringify(created.body))) t.outOfStock += 1;
    else if (created.status >= 500) t.failures += 1;
    else t.otherRefusals[code] = (t.otherRefusals[code] ?? 0) + 1;
    return;
  }
  const byCard = random(2) === 0;
  const paid = await post(baseUrl, '/api/ecommerce/paid_order', m, byCard ? { orderNo, method: 'card', cardToken: m.card } : { orderNo, method: 'par' });
  if (paid.status < 300) {
    t.paid += 1;
    if (byCard) t.paidCard += 1;
    else t.paidPar += 1;
  } else if (paid.status >= 500) t.failures += 1;
  else {
    const code = `pay:${paid.body.code ?? paid.status}`;
    t.otherRefusals[code] = (t.otherRefusals[code] ?? 0) + 1;
  }
}

interface DialectResult {
  dialect: Dialect;
  seconds: number;
  tally: Tally;
  paidPerSec: number;
  cpuMsPerPaid: number;
  /** The whole machine's busy CPU per paid order: the API, the bench's client, PostgreSQL and the kernel together. */
  machineMsPerPaid: number;
  /** Cores the API process and this bench's own client used during the load (both on this machine). */
  apiCores: number;
  clientCores: number;
  /** Cores the rest of the machine used meanwhile (PostgreSQL's processes on PostgreSQL), and cores left idle. */
  restCores: number;
  idleCores: number;
  oversold: number;
  negativeStock: number;
  hotSoldOut: number;
}

async function measureDialect(dialect: Dialect, duration: number, users: number, concurrency: number): Promise<DialectResult> {
  let pgDb: BenchPgDatabase | undefined;
  try {
    if (dialect === 'postgres') pgDb = await createPgDatabase('orders');
    // TRUST_PROXY: each member signs up from its own address (sign-up is limited per address).
    const api = await startApi({ env: { ...DEV_ENV, TRUST_PROXY: 'true' }, ...(pgDb ? { databaseUrl: pgDb.url } : {}), nodeArgs: cpuProfArgs(`orders-${dialect}`) });
    const db = await openSql(dialect, api, pgDb?.url);
    try {
      const created = await createVerifiedUsers(api.baseUrl, users, `bord${dialect[0]}`);
      const members = await mapLimit(created, 8, async (u): Promise<Member> => {
        const token = await signIn(api.baseUrl, u);
        // 50,000 par each (a top-up is at most 10,000): par payments should not run out during the run
        // (at ~600 paid orders/s some members spent 30,000 within 10 s).
        for (let i = 0; i < 5; i++) await topUpPar(api.baseUrl, token, 10_000, u.ip);
        const card = await call<{ token: string }>(api.baseUrl, 'POST', '/api/gateway/tokenize', {
          token,
          ip: u.ip,
          body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Bench Buyer' },
        });
        return { auth: { authorization: `Bearer ${token}` }, ip: u.ip, card: card.token };
      });
      // A few hot products with little stock, the rest with plenty. Only products without options:
      // one with options can only be ordered as one of its variants, so a line naming just the
      // product is refused (422) and measured nothing but a doomed call.
      const products = (await db.all<{ id: number }>("select id from product where active = 1 and options = '[]' order by id")).map((r) => Number(r.id));
      const hot = products.slice(0, HOT_PRODUCTS);
      const cold = products.slice(HOT_PRODUCTS);
      await db.all(`update product set stock = ? where id in (${hot.join(', ')})`, [HOT_STOCK]);
      await db.all(`update product set stock = ? where id in (${cold.join(', ')})`, [COLD_STOCK]);
      // The answer cache holds the old stock for CATALOG_CACHE_MS; orders read the table itself.

      agent = loadAgent(concurrency);
      const tally: Tally = { paid: 0, paidPar: 0, paidCard: 0, outOfStock: 0, otherRefusals: {}, failures: 0 };
      const cpu0 = cpuSeconds(api.pid);
      const client0 = process.cpuUsage();
      const machine0 = machineCpuSeconds();
      const started = performance.now();
      const stopAt = started + duration * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          while (performance.now() < stopAt) {
            try {
              await orderOnce(api.baseUrl, members[(worker + random(members.length)) % members.length]!, hot, cold, tally);
            } catch {
              tally.failures += 1;
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(api.pid) - cpu0;
      const client = process.cpuUsage(client0);
      const machine1 = machineCpuSeconds();
      const busy = machine1.busy - machine0.busy;
      const clientSeconds = (client.user + client.system) / 1e6;
      agent.destroy();

      // Nothing oversold: every product's stock is what it started with less what live orders hold.
      const initial = (id: number) => (hot.includes(id) ? HOT_STOCK : COLD_STOCK);
      const held = await db.all<{ product_id: number; qty: number | string }>(
        "select l.product_id, sum(l.qty) as qty from shop_order_line l join shop_order o on o.id = l.order_id where o.status <> 'cancelled' group by l.product_id",
      );
      const heldBy = new Map(held.map((r) => [Number(r.product_id), Number(r.qty)]));
      const stocks = await db.all<{ id: number; stock: number }>(`select id, stock from product where id in (${products.join(', ')})`);
      let oversold = 0;
      let negativeStock = 0;
      for (const { id, stock } of stocks) {
        const pid = Number(id);
        if (Number(stock) < 0) negativeStock += 1;
        if ((heldBy.get(pid) ?? 0) + Number(stock) !== initial(pid) || (heldBy.get(pid) ?? 0) > initial(pid)) oversold += 1;
      }
      const hotSoldOut = stocks.filter((s) => hot.includes(Number(s.id)) && Number(s.stock) === 0).length;
      const perPaid = (s: number) => (tally.paid > 0 ? (s * 1000) / tally.paid : Number.NaN);
      return {
        dialect,
        seconds,
        tally,
        paidPerSec: tally.paid / seconds,
        cpuMsPerPaid: perPaid(cpu),
        machineMsPerPaid: perPaid(busy),
        apiCores: cpu / seconds,
        clientCores: clientSeconds / seconds,
        restCores: Math.max(0, busy - cpu - clientSeconds) / seconds,
        idleCores: (machine1.total - machine0.total - busy) / seconds,
        oversold,
        negativeStock,
        hotSoldOut,
      };
    } finally {
      await db.close();
      await api.stop();
    }
  } finally {
    await pgDb?.drop();
  }
}

export async function runOrdersBench(): Promise<{ checks: Check[] }> {
  const duration = envNum('BENCH_DURATION', 10);
  const users = envNum('BENCH_ORDER_USERS', 40);
  const concurrency = envNum('BENCH_ORDER_CONCURRENCY', 32);
  console.log(`\n== Orders bench: ${users} members, ${concurrency} orders in flight, ${duration}s per database (${loadAvg()}) ==`);
  const checks: Check[] = [];
  const results: DialectResult[] = [];
  for (const dialect of benchDialects()) {
    const unavailable = dialect === 'postgres' ? await pgUnavailable() : null;
    if (unavailable) {
      checks.push(check(`paid orders/s (${dialect})`, false, `not measured: ${unavailable}`));
      continue;
    }
    const r = await measureDialect(dialect, duration, users, concurrency);
    results.push(r);
    const target = dialect === 'sqlite' ? TARGETS.sqlitePaidPerSec : TARGETS.postgresPaidPerSec;
    checks.push(check(`paid orders/s (${dialect})`, r.paidPerSec >= target, `${fmt(r.paidPerSec)} (target >= ${target})`));
    checks.push(check(`nothing oversold (${dialect})`, r.oversold === 0 && r.negativeStock === 0, `${r.oversold} products whose stock and live orders disagree, ${r.negativeStock} below 0`));
    checks.push(check(`no server errors (${dialect})`, r.tally.failures === 0, `${r.tally.failures} 5xx or failed requests`));
  }
  console.log(
    table(
      ['database', 'paid/s', 'paid (par / card)', 'refused: out of stock', 'other refusals', 'failures', 'hot products sold out', 'CPU ms per paid order: API / machine', 'cores: API / bench client / rest / idle'],
      results.map((r) => [
        r.dialect,
        fmt(r.paidPerSec),
        `${r.tally.paid} (${r.tally.paidPar} / ${r.tally.paidCard})`,
        String(r.tally.outOfStock),
        JSON.stringify(r.tally.otherRefusals),
        String(r.tally.failures),
        `${r.hotSoldOut} of ${HOT_PRODUCTS}`,
        `${fmt(r.cpuMsPerPaid, 2)} / ${fmt(r.machineMsPerPaid, 2)}`,
        `${fmt(r.apiCores, 2)} / ${fmt(r.clientCores, 2)} / ${fmt(r.restCores, 2)} / ${fmt(r.idleCores, 2)}`,
      ]),
    ),
  );
  console.log(`(${loadAvg()}) an order is two calls (place, pay); the machine's CPU per paid order counts every process (the API, the bench's client, PostgreSQL, the kernel); the rest is what neither the API nor the bench used (PostgreSQL's processes, mostly, on PostgreSQL).`);
  printChecks(checks);
  saveResult('orders.json', { date: new Date().toISOString(), loadAvg: loadAvg(), duration, users, concurrency, results, checks });
  return { checks };
}

if (isMain(import.meta.url)) await runOrdersBench();
