import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.bundle.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const READY_TIMEOUT_MS = 20_000;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerOptions {
  /**
   * 'localhost' serves the app at http://localhost:<port> (listening on both loopback
   * addresses) with PUBLIC_URL set to it: browsers accept the Secure `__Host-` refresh
   * cookie over plain http only on localhost, so journeys that sign in need it.
   */
  host?: '127.0.0.1' | 'localhost';
}

/**
 * Starts the built API (which also serves the built web app) on a free port with a fresh
 * data directory, and waits until /api/health answers. Build first:
 * `npm run build -w packages/contracts && npm run build -w apps/api && npm run build -w apps/web`.
 */
export async function startServer(env: Record<string, string> = {}, { host = '127.0.0.1' }: ServerOptions = {}): Promise<RunningServer> {
  for (const [file, hint] of [
    [SERVER_ENTRY, 'npm run build -w packages/contracts && npm run build -w apps/api'],
    [WEB_INDEX, 'npm run build -w apps/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run \`${hint}\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parmeta-e2e-'));
  const baseUrl = `http://${host}:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: host, PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });

  const stop = async () => {
    if (alive) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!alive) {
      await stop();
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return { baseUrl, dataDir, stop };
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  await stop();
  throw new Error(`The server did not answer /api/health within ${READY_TIMEOUT_MS} ms:\n${output}`);
}
