/**
 * The uncached catalog (issue #20): with the answer cache off (CATALOG_CACHE_MS=0) every
 * request runs its SQL, so this is what a shop whose visitors search, filter and page widely
 * costs. 50 connections, a signed-in shopper, the default 20-item list and a search for
 * "camera", over the demo catalog plus 4 cameras (54 products, the size of the peers' sample
 * catalog), on SQLite and PostgreSQL, with the API started a second time on its database first.
 *
 * Run: node --import tsx bench/catalog.bench.ts   (BENCH_DURATION=10, BENCH_DIALECTS=sqlite,postgres)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, createVerifiedUsers, signIn } from './lib/api.js';
import { benchDialects, createPgDatabase, Pg, pgQuery, pgUnavailable, Sqlite, type BenchPgDatabase } from './lib/db.js';
import { load, withCpu, type LoadResult } from './lib/load.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { rssMb } from './lib/proc.js';
import { cpuProfArgs, startApi, type ApiServer } from './lib/server.js';

/** 100x and 30x the best peer's figures in issue #20 (Medusa's list 53.6 req/s, Vendure's search 197.5 req/s). */
export const TARGETS = { listReqPerSec: 5_360, searchReqPerSec: 5_925, loadedRssMb: 200 };

const CATALOG = '/api/ecommerce/SelProductShop';
const CONNECTIONS = 50;
// Development for the local outbox (the shoppers' sign-up links), logging as in production
// (JSON lines), not development's readable lines, which a production server does not spend on.
const DEV_ENV = { NODE_ENV: 'development', LOG_FORMAT: 'json', CATALOG_CACHE_MS: '0' };
const CAMERAS = ['Aperture Mirrorless Camera', 'Trailcam Action Camera 4K', 'Instant Film Camera Mini', 'Dashview Car Camera'];

type Dialect = 'sqlite' | 'postgres';

/** The 4 cameras, straight into the database (the search index follows through its triggers). */
async function addCameras(dialect: Dialect, api: ApiServer, pgUrl?: string): Promise<void> {
  const now = Date.now();
  const rows = CAMERAS.map((name, i) => [`${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name, `${name}: sharp pictures, simple controls.`, 1, '[]', 19_900 + i * 5_000, 25, 1, now + i, now]);
  const insert = 'insert into product (slug, name, description, category_id, images, price, stock, active, created_at, updated_at) values ';
  if (dialect === 'sqlite') {
    const db = new Sqlite(path.join(api.dataDir, 'app.db'));
    try {
      const statement = db.prepare(`${insert}(?, ?, ?, (select min(id) from product_category), ?, ?, ?, ?, ?, ?)`);
      for (const [slug, name, description, , images, price, stock, active, created, updated] of rows) statement.run(slug, name, description, images, price, stock, active, created, updated);
    } finally {
      db.close();
    }
  } else if (pgUrl) {
    for (const [slug, name, description, , images, price, stock, active, created, updated] of rows) {
      await pgQuery(pgUrl, `${insert}($1, $2, $3, (select min(id) from product_category), $4, $5, $6, $7, $8, $9)`, [slug, name, description, images, price, stock, active, created, updated]);
    }
  }
}

/** Stock changes a second made around the API while the list is loaded: every one is a change its next pages must show. */
const STOCK_WRITES_PER_SEC = 200;

/**
 * Changes the stock of a random product of the list's first page STOCK_WRITES_PER_SEC times a second on the bench's own
 * connection, as another process would (orders, an import); `stop()` says how many it made.
 */
async function stockWriter(dialect: Dialect, api: ApiServer, pgUrl?: string): Promise<{ stop(): Promise<number> }> {
  const update = 'update product set stock = 1 + (stock + 7) % 90 where id = (select id from product where active = 1 order by id desc limit 1 offset ';
  let writes = 0;
  let write: (offset: number) => Promise<void>;
  let close: () => Promise<void>;
  if (dialect === 'sqlite') {
    const db = new Sqlite(path.join(api.dataDir, 'app.db'));
    db.pragma('busy_timeout = 5000');
    write = async (offset) => void db.prepare(`${update}?)`).run(offset);
    close = async () => void db.close();
  } else {
    const client = new Pg.Client({ connectionString: pgUrl });
    await client.connect();
    write = async (offset) => void (await client.query(`${update}$1)`, [offset]));
    close = () => client.end();
  }
  let running = true;
  const done = (async () => {
    const started = performance.now();
    while (running) {
      await write(Math.floor(Math.random() * 20));
      writes += 1;
      const wait = started + (writes * 1000) / STOCK_WRITES_PER_SEC - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      await close();
      return writes;
    },
  };
}

/** Every active product's stock, as the database holds it. */
async function stocksOf(dialect: Dialect, api: ApiServer, pgUrl?: string): Promise<Map<number, number>> {
  const text = 'select id, stock from product where active = 1';
  let rows: { id: number; stock: number }[] = [];
  if (dialect === 'sqlite') {
    const db = new Sqlite(path.join(api.dataDir, 'app.db'), { readonly: true });
    rows = db.prepare(text).all() as typeof rows;
    db.close();
  } else if (pgUrl) rows = await pgQuery(pgUrl, text);
  return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
}

interface Row {
  name: string;
  r: LoadResult;
  cpuUsPerReq: number;
  rssMb: number;
}

async function measureDialect(dialect: Dialect, duration: number): Promise<{ rows: Row[]; stale: number }> {
  let pgDb: BenchPgDatabase | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-catalog-'));
  try {
    if (dialect === 'postgres') pgDb = await createPgDatabase('catalog');
    const start = () => startApi({ env: DEV_ENV, dataDir, ...(pgDb ? { databaseUrl: pgDb.url } : {}), nodeArgs: cpuProfArgs(`catalog-${dialect}`) });
    let api = await start();
    try {
      await addCameras(dialect, api, pgDb?.url);
      const [user] = await createVerifiedUsers(api.baseUrl, 1, 'bcat');
      if (!user) throw new Error('no user');
      // Measured after a restart, as a shop runs: a database's second start finds tables with
      // rows and writes the planner's statistics, which changed SQLite's cost (decision 0081).
      await api.stop();
      api = await start();
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${await signIn(api.baseUrl, user)}` };
      const rows: Row[] = [];
      for (const [name, body, expect] of [
        ['list, 20 items', {}, (a: { items: unknown[] }) => a.items.length === 20],
        ['search "camera"', { search: 'camera' }, (a: { items: unknown[] }) => a.items.length === CAMERAS.length],
      ] as const) {
        const first = await call<{ items: unknown[] }>(api.baseUrl, 'POST', CATALOG, { headers, body });
        if (!expect(first)) throw new Error(`${name} answered ${first.items.length} items`);
        const measured = await withCpu(api.pid, () => load({ url: `${api.baseUrl}${CATALOG}`, method: 'POST', headers, body: JSON.stringify(body), connections: CONNECTIONS, duration }));
        rows.push({ name: `${name} (${dialect})`, ...measured, rssMb: rssMb(api.pid) });
      }
      // Not a target: what the list costs when its products keep changing (each change makes the
      // next pages read the change list and the changed products again, docs/decisions/0083).
      const writer = await stockWriter(dialect, api, pgDb?.url);
      const measured = await withCpu(api.pid, () => load({ url: `${api.baseUrl}${CATALOG}`, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration }));
      const writes = await writer.stop();
      rows.push({ name: `list, ${fmt(writes / (duration + 2))} stock changes/s (${dialect})`, ...measured, rssMb: rssMb(api.pid) });
      const shown = (await call<{ items: { id: number; stock: number }[] }>(api.baseUrl, 'POST', CATALOG, { headers, body: {} })).items;
      const held = await stocksOf(dialect, api, pgDb?.url);
      const stale = shown.filter((p) => held.get(p.id) !== p.stock);
      return { rows, stale: stale.length };
    } finally {
      await api.stop();
    }
  } finally {
    await pgDb?.drop();
    if (process.env.BENCH_KEEP_TMP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runCatalogBench(): Promise<{ checks: Check[] }> {
  const duration = envNum('BENCH_DURATION', 10);
  const dialects = benchDialects();
  console.log(`\n== Catalog bench, answer cache off: ${CONNECTIONS} connections, ${duration}s (+2s warm-up) per target (${loadAvg()}) ==`);
  const rows: Row[] = [];
  const checks: Check[] = [];
  for (const dialect of dialects) {
    const unavailable = dialect === 'postgres' ? await pgUnavailable() : null;
    if (unavailable) {
      checks.push(check(`catalog (${dialect})`, false, `not measured: ${unavailable}`));
      continue;
    }
    const measured = await measureDialect(dialect, duration);
    rows.push(...measured.rows);
    checks.push(check(`list after the stock changes (${dialect}) shows the stock the database holds`, measured.stale === 0, `${measured.stale} of 20 products shown with another stock`));
  }
  console.log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non2xx', 'server CPU µs/req', 'RSS after, MB'],
      rows.map(({ name, r, cpuUsPerReq, rssMb: rss }) => [name, fmt(r.reqPerSec), fmt(r.p50, 2), fmt(r.p99, 2), String(r.errors), String(r.non2xx), fmt(cpuUsPerReq, 1), fmt(rss, 1)]),
    ),
  );
  console.log(`(${loadAvg()}) server CPU µs/req is steadier than req/s when neighbours load the machine: 1e6 / it is the req/s of one free core.`);
  for (const { name, r, rssMb: rss } of rows.filter((row) => !row.name.includes('stock changes'))) {
    const target = name.startsWith('list') ? TARGETS.listReqPerSec : TARGETS.searchReqPerSec;
    checks.push(check(`${name} req/s`, r.reqPerSec >= target && r.non2xx === 0 && r.errors === 0, `${fmt(r.reqPerSec)} (target >= ${target}; ${r.errors} errors, ${r.non2xx} non-2xx)`));
    checks.push(check(`${name} RSS under load`, rss <= TARGETS.loadedRssMb, `${fmt(rss, 1)} MB (target <= ${TARGETS.loadedRssMb})`));
  }
  printChecks(checks);
  saveResult('catalog.json', { date: new Date().toISOString(), loadAvg: loadAvg(), connections: CONNECTIONS, duration, rows, checks });
  return { checks };
}

if (isMain(import.meta.url)) await runCatalogBench();
