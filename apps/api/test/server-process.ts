import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DialectName } from '../src/db/connection.js';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SOURCE = path.join(API_ROOT, 'src/server.ts');

/** One of the API's command-line tools (src/cli), run from the sources as `npm run <tool>` runs it built. */
export function runCli(tool: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(API_ROOT, 'src/cli', `${tool}.ts`), ...args], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
// Three processes compiling the sources at once on a busy 2-core machine can take a while.
const READY_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A database for server processes: a fresh SQLite data directory, or a fresh PostgreSQL schema. */
export async function processDatabase(dialect: DialectName): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') return { env: {}, dispose: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `p_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const separator = url.includes('?') ? '&' : '?';
  return {
    // pg passes `options` to the server: every pooled connection of the process uses the schema.
    env: { DATABASE_URL: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    async dispose() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running, then removes the data directory (unless it was given). */
  dispose(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Listen here instead of on a free port (a restarted instance keeps its place behind a load balancer). */
  port?: number;
  /** Use this data directory and leave it in place on dispose (instances that share one, or a restart). */
  dataDir?: string;
  /** `source` (default): the TypeScript sources through tsx. `build`: apps/api/dist/server.bundle.js, as `npm start` runs it. */
  entry?: 'source' | 'build';
  /** Resolve once this path answers 200 (default: the readiness check). */
  readyPath?: string;
  /** Resolve as soon as the process is spawned, without waiting for any answer. */
  noWait?: boolean;
}

const BUILT_SERVER = path.join(API_ROOT, 'dist/server.bundle.js');

/** The node arguments of `npm run serve` (apps/api/package.json), so the built server runs exactly as in production. */
function serveArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  return pkg.scripts.serve.split(/\s+/).slice(1).filter((word) => word.startsWith('--'));
}

/**
 * The API server as its own process, run from the TypeScript sources (tsx, with the
 * contracts' `source` export) or from the build, on a free port and a fresh data directory
 * unless told otherwise. Waits until it is ready. The process runs as `npm start` does, not
 * in the test's worker.
 */
export async function startServerProcess(env: Record<string, string>, opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'parmeta-proc-'));
  const webDist = path.join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  if (opts.entry === 'build' && !existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run npm run build first`);
  const args = opts.entry === 'build' ? [...serveArgs(), BUILT_SERVER] : ['--conditions=source', '--import', 'tsx', SERVER_SOURCE];
  const child = spawn(process.execPath, args, {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const dispose = async () => {
    if (running) {
      child.kill('SIGKILL');
      await exited;
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = { baseUrl, port, dataDir, child, output: () => output, exited, dispose };
  if (opts.noWait) return started;

  const readyPath = opts.readyPath ?? '/api/health/ready';
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running) break;
    try {
      const response = await fetch(`${baseUrl}${readyPath}`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await dispose();
  throw new Error(`The server process did not become ready:\n${output}`);
}
