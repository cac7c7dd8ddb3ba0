/**
 * Search suggestions and related products over 100,000 generated products (bench/gen-products.ts),
 * per dialect, with the API's answer cache off (every request runs its SQL), one request at a
 * time on one connection: the answer time on localhost, an upper bound of the server's time.
 * - Suggestions: the search bench's queries typed letter by letter from the second character
 *   ("st", "ste", "stee"; "co", ..., "cotton sh"), as the search box asks while a shopper types.
 * - Related products: product pages of 60 products spread over the catalog.
 * Run: node --import tsx bench/suggest.bench.ts   (BENCH_SEARCH_PRODUCTS=100000, BENCH_DURATION=10)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, createVerifiedUsers, signIn } from './lib/api.js';
import { benchDialects, createPgDatabase, pgUnavailable } from './lib/db.js';
import { load } from './lib/load.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { cpuProfArgs, startApi } from './lib/server.js';
import { fillPostgres, fillSqlite, searchQueries } from './gen-products.js';

export const TARGETS = { suggestP95Ms: 15, relatedP95Ms: 15 };

type Dialect = 'sqlite' | 'postgres';

/** What a search box asks while each query is typed: every prefix from 2 characters (spaces kept inside). */
export function typedPrefixes(queries: string[]): string[] {
  const out: string[] = [];
  for (const q of queries) for (let n = 2; n <= q.length; n++) if (q[n - 1] !== ' ') out.push(q.slice(0, n));
  return out;
}

interface Row {
  dialect: Dialect;
  what: 'suggest' | 'related';
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  bad: number;
  /** Mean products per suggestion answer (a sanity check that the queries match). */
  meanHits: number;
}

async function run(dialect: Dialect, count: number, duration: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-bench-suggest-'));
  const pgDb = dialect === 'postgres' ? await createPgDatabase('suggest') : undefined;
  const dbOpt = pgDb ? { databaseUrl: pgDb.url } : {};
  const env = { NODE_ENV: 'development', CATALOG_CACHE_MS: '0' };
  try {
    await (await startApi({ env, dataDir, ...dbOpt })).stop(); // migrations + demo seed
    const products = pgDb ? await fillPostgres(pgDb.url, count) : fillSqlite(path.join(dataDir, 'app.db'), count);
    console.log(`   ${dialect}: ${products} products`);
    const api = await startApi({ env, dataDir, ...dbOpt, nodeArgs: cpuProfArgs(`suggest-${dialect}`) });
    try {
      const [user] = await createVerifiedUsers(api.baseUrl, 1, 'bsuggest');
      if (!user) throw new Error('no user');
      const headers = { authorization: `Bearer ${await signIn(api.baseUrl, user)}` };
      const prefixes = typedPrefixes(searchQueries(20));
      let hits = 0;
      for (const q of prefixes) hits += (await call<{ products: unknown[] }>(api.baseUrl, 'GET', `/api/ecommerce/suggest?q=${encodeURIComponent(q)}`, { headers })).products.length;
      const ids = Array.from({ length: 60 }, (_, i) => 51 + Math.floor(((i + 0.5) * products) / 60) - 1).filter((id) => id > 0);
      const rows: Row[] = [];
      for (const [what, paths] of [
        ['suggest', prefixes.map((q) => `/api/ecommerce/suggest?q=${encodeURIComponent(q)}`)],
        ['related', ids.map((id) => `/api/ecommerce/product/${id}/related`)],
      ] as const) {
        let bad = 0;
        const r = await load({
          url: api.baseUrl,
          connections: 1,
          duration,
          warmup: 2,
          requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
          onResponse: (_c, status) => {
            if (status < 200 || status >= 300) bad++;
          },
        });
        rows.push({ dialect, what, requests: r.ok, p50: r.p50, p95: r.p95, p99: r.p99, bad: bad + r.errors, meanHits: what === 'suggest' ? hits / prefixes.length : Number.NaN });
      }
      return rows;
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

export async function runSuggestBench(): Promise<{ checks: Check[] }> {
  const duration = envNum('BENCH_DURATION', 10);
  const count = Math.floor(envNum('BENCH_SEARCH_PRODUCTS', 100_000));
  console.log(`\n== Suggestions and related products over ${count} products, 1 connection, cache off (${loadAvg()}) ==`);
  const wanted = benchDialects();
  const pgProblem = wanted.includes('postgres') ? await pgUnavailable() : null;
  const checks: Check[] = [];
  if (pgProblem) checks.push(check('PostgreSQL suggestions', false, `not measured: ${pgProblem}`));
  const rows: Row[] = [];
  for (const dialect of wanted.filter((d) => !(pgProblem && d === 'postgres'))) rows.push(...(await run(dialect, count, duration)));
  console.log(table(['dialect', 'call', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'products per answer'], rows.map((r) => [r.dialect, r.what, String(r.requests), fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.p99, 2), String(r.bad), fmt(r.meanHits, 1)])));
  for (const r of rows) {
    const target = r.what === 'suggest' ? TARGETS.suggestP95Ms : TARGETS.relatedP95Ms;
    checks.push(check(`${r.what} p95 (${r.dialect}, ${count} products)`, r.p95 <= target && r.bad === 0, `${fmt(r.p95, 1)} ms, p50 ${fmt(r.p50, 1)} ms, ${r.bad} errors (target <= ${target})`));
  }
  printChecks(checks);
  console.log(`saved ${saveResult('suggest.json', { date: new Date().toISOString(), node: process.version, loadAvg: loadAvg(), rows, checks })}`);
  return { checks };
}

if (isMain(import.meta.url)) {
  runSuggestBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
