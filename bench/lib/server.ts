import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, stopChild, track, waitFor200 } from './proc.js';

export { rssMb } from './proc.js';

export const API_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.bundle.js');

/**
 * The node flags of `npm start` (apps/api's "serve" script, e.g. the young-generation size
 * that keeps idle memory down), so the bench runs the server exactly as production does.
 */
export function serveNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as { scripts: { serve: string } };
  const words = pkg.scripts.serve.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`apps/api "serve" does not start with node: ${pkg.scripts.serve}`);
  return words.slice(1).filter((w) => w.startsWith('--'));
}

export interface ApiServer {
  baseUrl: string;
  pid: number;
  /** Spawn -> first 200 from GET /api/health, in ms. */
  coldStartMs: number;
  dataDir: string;
  logFile: string;
  /** Where this start's lines begin in the log file (a kept data dir's log holds earlier starts too). */
  logStart: number;
  /** SIGTERM and wait for exit; removes the temp data dir unless BENCH_KEEP_TMP=1. */
  stop(): Promise<void>;
}

export interface StartApiOptions {
  /** Postgres URL; without it the API uses SQLite in the temp data dir. */
  databaseUrl?: string;
  /** Extra environment variables for the server. */
  env?: Record<string, string>;
  /**
   * Use this data dir (created if missing) and keep it on stop: to migrate once, fill the
   * database from outside, then start again on it. Default: a fresh temp dir, removed on stop.
   */
  dataDir?: string;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=...'] (see cpuProfArgs). */
  nodeArgs?: string[];
}

/**
 * With BENCH_CPU_PROF=1, node flags that make the server write a V8 CPU profile to
 * bench/results/profiles/<label>-*.cpuprofile when it stops (open in Chrome DevTools).
 */
export function cpuProfArgs(label: string): string[] {
  if (process.env.BENCH_CPU_PROF !== '1') return [];
  const dir = path.join(REPO_ROOT, 'bench/results/profiles');
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`];
}

/**
 * Polls what this start of the server logged until a line matches (the log is written in
 * batches, about once a second), and returns it with the lines after it (the readable
 * development log puts each field on a line of its own); throws after `timeoutMs`.
 */
export async function waitForLog(api: Pick<ApiServer, 'logFile' | 'logStart'>, pattern: RegExp, timeoutMs: number): Promise<string> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const lines = readFileSync(api.logFile).subarray(api.logStart).toString('utf8').split('\n');
    const at = lines.findIndex((l) => pattern.test(l));
    if (at >= 0) return lines.slice(at, at + 6).join('\n');
    if (performance.now() > until) throw new Error(`the server did not log ${pattern} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** 64 random characters from [A-Za-z0-9_-]. */
const jwtSecret = () => randomBytes(48).toString('base64url');

/**
 * Starts the BUILT API (node apps/api/dist/server.bundle.js) as a child process in production
 * mode with logging on (to a log file in a fresh temp data dir), and measures cold start.
 */
export async function startApi(opts: StartApiOptions = {}): Promise<ApiServer> {
  if (!existsSync(API_ENTRY)) {
    throw new Error(`${path.relative(REPO_ROOT, API_ENTRY)} is missing: build first (npm run build -w packages/contracts && npm run build -w apps/api)`);
  }
  const port = await freePort();
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'parmeta-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'server.log');
  const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
  const logFd = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret(),
    LOG_LEVEL: 'info',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };

  const startedAt = performance.now();
  const child = spawn(process.execPath, [...serveNodeFlags(), ...(opts.nodeArgs ?? []), API_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  track(child);
  const baseUrl = `http://127.0.0.1:${port}`;

  const cleanup = () => {
    if (ownDir && process.env.BENCH_KEEP_TMP !== '1') rmSync(dataDir, { recursive: true, force: true });
  };

  let coldStartMs: number;
  try {
    coldStartMs = await waitFor200(`${baseUrl}/api/health`, child, startedAt);
  } catch (error) {
    await stopChild(child);
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    cleanup();
    throw new Error(`API server failed to start: ${(error as Error).message}\n--- server log (tail) ---\n${tail}`, { cause: error });
  }
  if (child.pid === undefined) throw new Error('API server has no pid');

  return {
    baseUrl,
    pid: child.pid,
    coldStartMs,
    dataDir,
    logFile,
    logStart,
    async stop() {
      await stopChild(child);
      cleanup();
    },
  };
}
