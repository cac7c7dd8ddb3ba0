/**
 * Web app: (a) gzip size of the initial JS and of every lazy chunk in apps/web/dist,
 * (b) Lighthouse performance (default mobile profile) against the built API serving the app.
 * Run: node --import tsx bench/web.bench.ts   (BENCH_LH_RUNS=3 for the median of 3 runs per URL)
 * BENCH_LH_THROTTLING=devtools loads each page under real throttling (the same phone network and
 * CPU, applied by Chromium) and reports what was observed, instead of Lighthouse's estimate from
 * an unthrottled load; the targets are checked on the default (the estimate).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { call } from './lib/api.js';
import { Sqlite } from './lib/db.js';
import { REPO_ROOT } from './lib/proc.js';
import { check, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { startApi } from './lib/server.js';

/**
 * Pages Lighthouse audits, one line each. `session: true` audits the page signed in: the
 * protected pages would otherwise show the /login redirect. `:id` in a path is filled with
 * the newest demo product with variants, given three reviews (see productWithVariantsAndReviews).
 */
export const urls: { path: string; session?: boolean; visitor?: boolean }[] = [
  { path: '/' },
  { path: '/shop', session: true },
  { path: '/product/:id', session: true },
  // Every other page a member uses (issue #20), and the admin area (the bench signs in as an admin).
  ...['/cart', '/checkout', '/orders', '/wallet', '/market', '/nft/:nftId', '/my-nfts', '/profile', '/addresses', '/cards', '/account', '/account/security'].map((path) => ({ path, session: true })),
  ...['/admin', '/admin/products', '/admin/nfts', '/admin/orders', '/admin/payouts', '/admin/audit', '/admin/finance', '/admin/finance/daily', '/admin/finance/reconciliation'].map((path) => ({ path, session: true })),
  // With BENCH_PUBLIC_CATALOG=1 (the server started with PUBLIC_CATALOG=true): the catalog's pages as a visitor sees them.
  ...['/shop', '/product/:id', '/market', '/nft/:nftId'].map((path) => ({ path, visitor: true })),
];

/** The open catalog (PUBLIC_CATALOG=true) for the visitor's audits; off by default, as in the product. */
const publicCatalog = process.env.BENCH_PUBLIC_CATALOG === '1';

/**
 * The account the signed-in audits use: the admin the API ensures at start-up from
 * ADMIN_EMAIL / ADMIN_PASSWORD. In production mode there is no mail outbox to verify a new
 * customer with; the shop and product pages are the same for an admin (the account menu,
 * closed, has one more link).
 */
const BENCH_ADMIN = { userName: 'admin', email: 'admin@bench.example.com', password: 'Bench-Admin-Passphrase-42' };

/** BENCH_PAGES=/wallet,/account audits only those entries of `urls` (as written there, e.g. `/nft/:nftId`). */
const onlyPages = (process.env.BENCH_PAGES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

export const TARGETS = { initialJsGzipKb: 90, chunkGzipKb: 30, lighthouseScore: 98, lcpMs: 1500, cls: 0.02 };

export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** kB = 1000 bytes, as Vite's build report counts. */
const kb = (bytes: number) => bytes / 1000;
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** dist-relative file for a same-origin URL in index.html, or undefined for external URLs. */
function distFile(ref: string): string | undefined {
  if (/^[a-z]+:\/\//i.test(ref) || ref.startsWith('//')) return undefined;
  const clean = decodeURIComponent(ref.split(/[?#]/)[0] ?? '').replace(/^\.?\//, '');
  return path.join(WEB_DIST, clean);
}

/** The initial JS of index.html: the module entry script(s) plus every modulepreload. */
export function initialJsFiles(html: string): string[] {
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (attr(tag, 'type') === 'module' && src) files.add(distFile(src) ?? src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if ((attr(tag, 'rel') ?? '').split(/\s+/).includes('modulepreload') && href) files.add(distFile(href) ?? href);
  }
  // The app's entry and its imports, which the page's last early script asks for after the first paint (decision 0089).
  const appCode = /<script type="application\/json" id="app-code">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (appCode) {
    const { entry, preloads } = JSON.parse(appCode) as { entry: string; preloads: string[] };
    for (const src of [entry, ...preloads]) files.add(distFile(src) ?? src);
  }
  return [...files];
}

/** The text of each inline script of index.html (the early script): first-load JavaScript too. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && !/type\s*=\s*["']?application\/json/i.test(attributes)).map(([, , text = '']) => text);
}

export function bundleReport(): { checks: Check[]; initialKb: number; largest: { name: string; kb: number } | null } {
  console.log('\n== Web bundle (gzip -9) ==');
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const initial = initialJsFiles(html);
  const rows: string[][] = [];
  let initialBytes = 0;
  for (const [i, text] of inlineScripts(html).entries()) {
    const size = gzipSync(text, { level: 9 }).length;
    initialBytes += size;
    rows.push([`initial  index.html inline script ${i + 1}`, fmt(kb(size)), '']);
  }
  for (const file of initial) {
    if (!file.startsWith(WEB_DIST) || !existsSync(file)) {
      rows.push([`initial  ${file}`, 'missing', '']);
      continue;
    }
    const size = gzipBytes(file);
    initialBytes += size;
    rows.push([`initial  ${path.relative(WEB_DIST, file)}`, fmt(kb(size)), '']);
  }

  const checks: Check[] = [];
  const initialKb = kb(initialBytes);
  checks.push(check('initial JS gzip', initial.length > 0 && initialKb <= TARGETS.initialJsGzipKb, `${fmt(initialKb)} kB in ${initial.length} file(s) and the inline script(s) (target <= ${TARGETS.initialJsGzipKb})`));

  const assetsDir = path.join(WEB_DIST, 'assets');
  const chunks = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => f.endsWith('.js') && !initial.includes(path.join(assetsDir, f)))
        .map((f) => ({ name: f, kb: kb(gzipBytes(path.join(assetsDir, f))) }))
        .sort((a, b) => b.kb - a.kb)
    : [];
  for (const c of chunks) rows.push([`chunk    ${c.name}`, fmt(c.kb), c.kb <= TARGETS.chunkGzipKb ? '' : `MISS > ${TARGETS.chunkGzipKb}`]);
  console.log(table(['file', 'gzip kB', 'note'], rows));

  const over = chunks.filter((c) => c.kb > TARGETS.chunkGzipKb);
  const largest = chunks[0] ?? null;
  checks.push(
    check(
      'lazy chunks gzip',
      over.length === 0,
      over.length === 0
        ? `${chunks.length} chunks, largest ${largest ? `${largest.name} ${fmt(largest.kb)} kB` : '-'} (target each <= ${TARGETS.chunkGzipKb})`
        : `${over.map((c) => `${c.name} ${fmt(c.kb)} kB`).join(', ')} over ${TARGETS.chunkGzipKb}`,
    ),
  );
  return { checks, initialKb, largest };
}

interface LhRow {
  url: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Signs the browser in through the login page, as a user would: refresh cookie and persisted store. */
async function signInBrowser(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/login?next=%2Fshop`);
    await page.getByLabel('Username or email').fill(BENCH_ADMIN.userName);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });
    // As a member's first page after signing in: its calls done, among them the cart's pull of the
    // lines the account already holds into the browser (the cart page paints from them).
    await page.waitForLoadState('networkidle');
    await page.close();
  } finally {
    // Disconnects only: the browser (and its cookies and storage) stays for Lighthouse.
    await browser.close();
  }
}

/**
 * The product page audited (issue #17): the newest product with options (variants), given three
 * reviews straight in the database, as buyers' reviews would be (the product row carries their
 * count and sum, migration 0055). Written before the page is first asked for, so no answer of the
 * server holds the product without them.
 */
export function productWithVariantsAndReviews(dataDir: string): number {
  const db = new Sqlite(path.join(dataDir, 'app.db'));
  try {
    const product = db.prepare(`select id from product where active = 1 and options <> '[]' order by id desc limit 1`).get() as { id: number } | undefined;
    if (!product) throw new Error('the demo catalog has no product with options');
    const users = db.prepare('select id from app_user order by id limit 3').all() as { id: number }[];
    const now = Date.now();
    const review = db.prepare('insert into product_review (product_id, user_id, rating, title, body, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
    const ratings = [5, 4, 5];
    db.transaction(() => {
      users.forEach((u, i) => review.run(product.id, u.id, ratings[i], `Review ${i + 1}`, 'Fits as described, good fabric, arrived quickly. Would buy this again in another colour.', now - i * 86_400_000, now));
      db.prepare('update product set rating_count = rating_count + ?, rating_sum = rating_sum + ? where id = ?').run(users.length, ratings.slice(0, users.length).reduce((a, b) => a + b, 0), product.id);
    })();
    return product.id;
  } finally {
    db.close();
  }
}

/**
 * The first product of the shop's default list and the first listed NFT (bearer of the bench
 * admin), and that product in the admin's cart, so checkout has something to show.
 */
async function demoIds(baseUrl: string): Promise<{ productId: number; nftId: number }> {
  const signIn = await call<{ accessToken: { token: string } }>(baseUrl, 'POST', '/api/auth/local/signin', { body: { userName: BENCH_ADMIN.userName, password: BENCH_ADMIN.password } });
  const token = signIn.accessToken.token;
  const list = await call<{ items: { id: number }[] }>(baseUrl, 'POST', '/api/ecommerce/SelProductShop', { token, body: { page: 1, pageSize: 1 } });
  const productId = list.items[0]?.id;
  if (productId === undefined) throw new Error('the demo catalog has no product');
  const nfts = await call<{ items: { id: number }[] }>(baseUrl, 'POST', '/api/gx/market_products', { token, body: {} });
  const nftId = nfts.items[0]?.id;
  if (nftId === undefined) throw new Error('the demo market has no listed NFT');
  await call(baseUrl, 'POST', '/api/ecommerce/cart/update', { token, body: { list: [{ id: productId, qty: 1 }] } });
  return { productId, nftId };
}

/** Lighthouse's throttling method: its default ('simulate') unless BENCH_LH_THROTTLING names 'devtools'. */
function throttling(): { throttlingMethod?: 'devtools' } {
  const method = process.env.BENCH_LH_THROTTLING;
  if (method === undefined || method === 'simulate') return {};
  if (method === 'devtools') return { throttlingMethod: 'devtools' };
  throw new Error(`BENCH_LH_THROTTLING: ${method} is not 'simulate' or 'devtools'`);
}

/**
 * One Lighthouse run. A run whose trace came out broken (NO_NAVSTART, NO_FCP: the recording,
 * not the page) is repeated once, as Lighthouse's own message advises; any other error fails.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...throttling() });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 1 && /^NO_(NAVSTART|FCP)$/.test(error.code)) {
      console.log(`Lighthouse on ${url}: ${error.code}, running it again`);
      continue;
    }
    throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
  }
}

export async function lighthouseReport(): Promise<{ checks: Check[]; rows: LhRow[] }> {
  const runs = Math.max(1, Math.floor(Number(process.env.BENCH_LH_RUNS) || 1));
  console.log(`\n== Lighthouse (mobile, ${throttling().throttlingMethod === 'devtools' ? 'real (devtools) throttling' : 'default throttling'}, performance only, ${runs} run(s) per URL) ==`);
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  // The admin pages are measured signed in with the password alone (production asks admins for a second factor).
  const api = await startApi({ env: { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, REQUIRE_ADMIN_SECOND_FACTOR: 'false', ...(publicCatalog ? { PUBLIC_CATALOG: 'true' } : {}) } });
  // localhost, not 127.0.0.1: the browser keeps the Secure (__Host-) refresh cookie over plain http only there.
  const origin = api.baseUrl.replace('127.0.0.1', 'localhost');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const rows: LhRow[] = [];
  const checks: Check[] = [];
  try {
    const { nftId } = await demoIds(api.baseUrl);
    const productId = productWithVariantsAndReviews(api.dataDir);
    // Signed-out pages first: the browser keeps its cookies and localStorage between audits
    // (Lighthouse clears the HTTP cache, service workers and cache storage, not those).
    const ordered = [...urls].filter((u) => (publicCatalog || !u.visitor) && (onlyPages.length === 0 || onlyPages.includes(u.path))).sort((a, b) => Number(a.session ?? false) - Number(b.session ?? false));
    let signedIn = false;
    const wrongLanding: string[] = [];
    for (const { path: route, session, visitor } of ordered) {
      const page = `${route}${session ? ' (signed in)' : visitor ? ' (visitor)' : ''}`;
      if (session && !signedIn) {
        await signInBrowser(chrome.port, origin);
        signedIn = true;
      }
      const url = route.replace(':id', String(productId)).replace(':nftId', String(nftId));
      const results: (LhRow & { report: string })[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await audit(`${origin}${url}`, chrome.port);
        const { lhr } = result;
        // A signed-in audit that ended on the sign-in page measured the wrong page.
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== new URL(`${origin}${url}`).pathname) {
          wrongLanding.push(`${url} -> ${landed}`);
          break;
        }
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          url: visitor ? `${url} (visitor)` : url,
          score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          report: Array.isArray(result.report) ? result.report.join('\n') : result.report,
        });
      }
      if (wrongLanding.some((w) => w.startsWith(`${url} -> `))) {
        checks.push(check(`Lighthouse ${page}`, false, `ended on another page (${wrongLanding.at(-1)}): not measured`));
        continue;
      }
      results.sort((a, b) => a.score - b.score);
      const median = results[Math.floor((results.length - 1) / 2)];
      if (!median) continue;
      const { report, ...row } = median;
      rows.push(row);
      const slug = `${visitor ? 'visitor-' : ''}${route === '/' ? 'home' : route.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-')}`;
      const file = saveResult(`lighthouse-${slug}.json`, report);
      console.log(`saved ${path.relative(REPO_ROOT, file)} (scores ${results.map((r) => fmt(r.score, 0)).join(', ')}, LCP ${results.map((r) => fmt(r.lcpMs, 0)).join(', ')} ms; ${loadAvg()})`);
      checks.push(check(`Lighthouse ${page}`, row.score >= TARGETS.lighthouseScore, `${fmt(row.score, 0)} (target >= ${TARGETS.lighthouseScore})`));
      checks.push(check(`LCP ${page}`, row.lcpMs <= TARGETS.lcpMs, `${fmt(row.lcpMs, 0)} ms (target <= ${TARGETS.lcpMs})`));
      checks.push(check(`CLS ${page}`, row.cls <= TARGETS.cls, `${fmt(row.cls, 3)} (target <= ${TARGETS.cls})`));
    }
  } finally {
    chrome.kill();
    await api.stop();
  }
  console.log(table(['url', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'], rows.map((r) => [r.url, fmt(r.score, 0), fmt(r.fcpMs, 0), fmt(r.lcpMs, 0), fmt(r.tbtMs, 0), fmt(r.cls, 3)])));
  return { checks, rows };
}

export async function runWebBench(): Promise<{ checks: Check[] }> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log(`\n== Web bench skipped: ${path.relative(REPO_ROOT, WEB_DIST)}/index.html does not exist. Build the web app first (npm run build -w apps/web, or npm run build). ==`);
    return { checks: [check('web bench', false, 'apps/web/dist missing, nothing measured')] };
  }
  const bundle = bundleReport();
  const lh = await lighthouseReport();
  const checks = [...bundle.checks, ...lh.checks];
  printChecks(checks);
  saveResult('web.json', { date: new Date().toISOString(), initialJsGzipKb: bundle.initialKb, largestChunk: bundle.largest, lighthouse: lh.rows, checks });
  return { checks };
}

if (isMain(import.meta.url)) {
  runWebBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
