/** Every bench, one after the other: npm run bench (from the repo root, after a build). */
import { runAuthBench } from './auth.bench.js';
import { runCatalogBench } from './catalog.bench.js';
import { runHttpBench } from './http.bench.js';
import { runInstancesBench } from './instances.bench.js';
import { runLedgerBench } from './ledger.bench.js';
import { runOrdersBench } from './orders.bench.js';
import { loadAvg, printChecks, type Check } from './lib/report.js';
import { runShopBench } from './shop.bench.js';
import { runSuggestBench } from './suggest.bench.js';
import { runSoakBench } from './soak.bench.js';
import { runWebBench } from './web.bench.js';

const benches: [string, () => Promise<{ checks: Check[] }>][] = [
  ['http', runHttpBench],
  ['auth', runAuthBench],
  ['shop', runShopBench],
  ['suggest', runSuggestBench],
  ['catalog', runCatalogBench],
  ['ledger', runLedgerBench],
  ['orders', runOrdersBench],
  ['instances', runInstancesBench],
  ['web', runWebBench],
  ['soak', runSoakBench],
];

/** BENCH_ONLY=auth,ledger runs a subset. */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const all: Check[] = [];
for (const [name, run] of benches) if (!only || only.includes(name)) all.push(...(await run()).checks);

const missed = all.filter((c) => !c.ok).length;
console.log(`\n== Summary: ${all.length - missed} PASS, ${missed} MISS (${loadAvg()}) ==`);
printChecks(all);
