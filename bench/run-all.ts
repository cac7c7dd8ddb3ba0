/** Every bench, one after the other: npm run bench (from the repo root, after a build). */
import { runHttpBench } from './http.bench.js';
import { printChecks, type Check } from './lib/report.js';
import { runWebBench } from './web.bench.js';

const all: Check[] = [];
all.push(...(await runHttpBench()).checks);
all.push(...(await runWebBench()).checks);

const missed = all.filter((c) => !c.ok).length;
console.log(`\n== Summary: ${all.length - missed} PASS, ${missed} MISS ==`);
printChecks(all);
