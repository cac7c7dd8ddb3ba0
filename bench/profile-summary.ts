/**
 * Summarises a V8 .cpuprofile (from BENCH_CPU_PROF=1, which runs the API under
 * `node --cpu-prof`): self time per function and per package / app module.
 * Run: node --import tsx bench/profile-summary.ts bench/results/profiles/<file>.cpuprofile [top=25] [lastSeconds]
 * lastSeconds keeps only the samples of the profile's final seconds (the load, not the start-up).
 */
import { readFileSync } from 'node:fs';
import { isMain, table } from './lib/report.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<pkg>, apps/api/dist/<dir>, node:<internal>, or the V8 pseudo-frames. */
function bucket(url: string, fn: string): string {
  if (!url) return `(${fn || 'native'})`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm?.[1]) return nm[1];
  const app = /apps\/api\/dist\/(.+?)(?:\/[^/]+)?\.js$/.exec(url) ?? /apps\/api\/dist\/([^/]+)/.exec(url);
  if (app?.[1]) return `api:${app[1]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

export function summarise(file: string, top = 25, lastSeconds = 0): string {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const at: number[] = [];
  let t = 0;
  for (const d of prof.timeDeltas) at.push((t += d));
  const from = lastSeconds > 0 ? t - lastSeconds * 1e6 : -Infinity;
  prof.samples.forEach((id, i) => {
    if ((at[i] ?? 0) >= from) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fnTime = new Map<string, number>();
  const pkgTime = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const short = url.replace(/^.*node_modules\//, '').replace(/^.*apps\/api\/dist\//, 'api/');
    const key = `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`;
    fnTime.set(key, (fnTime.get(key) ?? 0) + us);
    const b = bucket(url, functionName);
    pkgTime.set(b, (pkgTime.get(b) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
  const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => [k, (us / 1000).toFixed(0), pct(us)]);
  return [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled`,
    table(['package / module', 'self ms', 'share'], rows(pkgTime)),
    '',
    table(['function', 'self ms', 'share'], rows(fnTime)),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const [file, top, last] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summarise(file, Number(top ?? 25), Number(last ?? 0)));
}
