/**
 * Web app: (a) gzip size of the initial JS and of every lazy chunk in apps/web/dist,
 * (b) Lighthouse performance (default mobile profile) against the built API serving the app.
 * Run: node --import tsx bench/web.bench.ts   (BENCH_LH_RUNS=3 for the median of 3 runs per URL)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from './lib/proc.js';
import { check, isMain, printChecks, saveResult, table, type Check } from './lib/report.js';
import { startApi } from './lib/server.js';

/** Pages Lighthouse audits. Later issues add one line each (e.g. '/shop'). */
export const urls: string[] = ['/'];

export const TARGETS = { initialJsGzipKb: 90, chunkGzipKb: 30, lighthouseScore: 98 };

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
  return [...files];
}

export function bundleReport(): { checks: Check[]; initialKb: number; largest: { name: string; kb: number } | null } {
  console.log('\n== Web bundle (gzip -9) ==');
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const initial = initialJsFiles(html);
  const rows: string[][] = [];
  let initialBytes = 0;
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
  checks.push(check('initial JS gzip', initial.length > 0 && initialKb <= TARGETS.initialJsGzipKb, `${fmt(initialKb)} kB in ${initial.length} file(s) (target <= ${TARGETS.initialJsGzipKb})`));

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
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export async function lighthouseReport(): Promise<{ checks: Check[]; rows: LhRow[] }> {
  const runs = Math.max(1, Math.floor(Number(process.env.BENCH_LH_RUNS) || 1));
  console.log(`\n== Lighthouse (mobile, default throttling, performance only, ${runs} run(s) per URL) ==`);
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  const api = await startApi();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const rows: LhRow[] = [];
  const checks: Check[] = [];
  try {
    for (const url of urls) {
      const results: (LhRow & { report: string })[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${api.baseUrl}${url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          url,
          score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          report: Array.isArray(result.report) ? result.report.join('\n') : result.report,
        });
      }
      results.sort((a, b) => a.score - b.score);
      const median = results[Math.floor((results.length - 1) / 2)];
      if (!median) continue;
      const { report, ...row } = median;
      rows.push(row);
      const slug = url === '/' ? 'home' : url.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-');
      const file = saveResult(`lighthouse-${slug}.json`, report);
      console.log(`saved ${path.relative(REPO_ROOT, file)}`);
      checks.push(check(`Lighthouse ${url}`, row.score >= TARGETS.lighthouseScore, `${fmt(row.score, 0)} (target >= ${TARGETS.lighthouseScore})`));
    }
  } finally {
    chrome.kill();
    await api.stop();
  }
  console.log(table(['url', 'score', 'LCP ms', 'TBT ms', 'CLS'], rows.map((r) => [r.url, fmt(r.score, 0), fmt(r.lcpMs, 0), fmt(r.tbtMs, 0), fmt(r.cls, 3)])));
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
