import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench/lib -> ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port that was free a moment ago (bind to 0, read it, release it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * A process's memory from /proc/<pid>/smaps_rollup, in MB: `rss` as VmRSS counts it (including
 * the node binary's pages, shared with every other node process), `pss` (shared pages divided
 * among the processes mapping them) and `private` (pages only this process holds: what it
 * really adds to the machine).
 */
export function memoryMb(pid: number): { rss: number; pss: number; private: number } {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(rollup)?.[1] ?? Number.NaN);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024, private: (kb('Private_Clean') + kb('Private_Dirty')) / 1024 };
}

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat.
 * CPU time per request is far steadier than req/s on a shared machine: neighbours steal
 * wall time, not the work a request costs.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ") ": utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux we run on. */
const CLOCK_TICKS = 100;

/**
 * The whole machine's CPU seconds so far, from /proc/stat's first line (every core summed):
 * `busy` is everything but idle and waiting for the disk. Over a load, busy less what the
 * server and the bench used is what the rest took (PostgreSQL's processes, the kernel's threads,
 * neighbours).
 */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** One GET; resolves with the status code, or null when the connection fails. */
function probe(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `url` every `intervalMs` until it answers 200. Rejects if the child exits first
 * or `timeoutMs` passes. Resolves with the time since `startedAt` (performance.now()).
 */
export async function waitFor200(url: string, child: ChildProcess, startedAt: number, timeoutMs = 30_000, intervalMs = 10): Promise<number> {
  let exited: string | null = null;
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  };
  child.once('exit', onExit);
  try {
    for (;;) {
      if (exited) throw new Error(`process ${exited} before ${url} answered 200`);
      if ((await probe(url)) === 200) return performance.now() - startedAt;
      if (performance.now() - startedAt > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
      await sleep(intervalMs);
    }
  } finally {
    child.off('exit', onExit);
  }
}

/** SIGTERM, then wait for exit (SIGKILL after `graceMs`). */
export function stopChild(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Children still running when this process exits get SIGKILL, so a crashed bench leaves no servers behind. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}
