/**
 * The production topology on one machine: nginx (from the OS packages, with deploy/nginx.conf)
 * in front of N API instances on different ports, one PostgreSQL database, and uploaded media
 * in S3-compatible object storage (s3rver) so that every instance serves every image.
 *
 *   npm run topology                 # after npm run build; Ctrl-C stops everything
 *   TOPOLOGY_INSTANCES=3 TOPOLOGY_PORT=8080 DATABASE_URL=postgres://... npm run topology
 *
 * Without DATABASE_URL a fresh database is made on postgres://postgres@127.0.0.1:5432 and
 * dropped at the end. Typing `r` + Enter restarts the instances one after another, as a deploy
 * would. The rolling-restart test (apps/api/test/rolling-restart.test.ts) drives the same code.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startServerProcess, type ServerProcess } from '../apps/api/test/server-process.js';
import { startS3Server } from '../apps/api/test/s3-server.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONFIG_TEMPLATE = path.join(HERE, 'nginx.conf');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or an error that says how to get it. Nothing is installed here. */
export function nginxBinary(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  const found = onPath || NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error('nginx is not installed. Install it from the OS packages (Debian/Ubuntu: apt-get install -y nginx); .ci/run does this.');
  return found;
}

export interface TopologyOptions {
  /** One PostgreSQL database for every instance (a search_path in the URL's options is kept). */
  databaseUrl: string;
  instances?: number;
  /** nginx's port; default a free one. */
  port?: number;
  /** `build`: the built server as `npm start` runs it; `source`: the TypeScript sources (tests). */
  entry?: 'build' | 'source';
  /** More environment for every instance (e.g. object storage, ADMIN_EMAIL). */
  env?: Record<string, string>;
}

export interface AccessLine {
  method: string;
  uri: string;
  status: number;
  /** Every instance nginx tried, in order (more than one when it passed the request on). */
  upstreams: string[];
}

export interface Instance {
  port: number;
  baseUrl: string;
  dataDir: string;
  process: ServerProcess;
}

export interface Topology {
  /** nginx: where clients go. */
  url: string;
  instances: Instance[];
  /**
   * One step of a rolling restart: instance `index` is taken out of nginx's rotation (reload),
   * stopped with SIGTERM (it drains and exits 0), started again on its port, and put back
   * once its readiness check answers 200.
   */
  restart(index: number): Promise<void>;
  accessLog(): AccessLine[];
  stop(): Promise<void>;
}

/** Worker processes of the nginx master (Linux /proc): a reload is in effect once a new one is there. */
function workersOf(masterPid: number): number[] {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  const nginx = nginxBinary();
  const count = opts.instances ?? 3;
  const entry = opts.entry ?? 'build';
  const runDir = mkdtempSync(path.join(tmpdir(), 'parmeta-topology-'));
  // nginx's workers drop root for "nobody": they must be able to write their temporary files.
  chmodSync(runDir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(runDir, sub));
    chmodSync(path.join(runDir, sub), 0o777);
  }
  const listenPort = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: opts.databaseUrl,
    // What every instance must share (README "Several instances"): the signing key, the database, the media store.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PUBLIC_URL: url,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const slots = await Promise.all(Array.from({ length: count }, async () => ({ port: await freePort(), dataDir: mkdtempSync(path.join(tmpdir(), 'parmeta-instance-')), down: false })));
  const instances: Instance[] = [];
  let master: ChildProcess | undefined;

  const configFile = path.join(runDir, 'nginx.conf');
  const writeConfig = () => {
    const servers = slots.map((s) => `    server 127.0.0.1:${s.port} max_fails=1 fail_timeout=2s${s.down ? ' down' : ''};`).join('\n');
    const text = readFileSync(CONFIG_TEMPLATE, 'utf8')
      .replaceAll('{{RUN_DIR}}', runDir)
      .replaceAll('{{WORKER_PROCESSES}}', '1')
      .replaceAll('{{LISTEN}}', `127.0.0.1:${listenPort}`)
      .replaceAll('{{SERVERS}}', servers);
    writeFileSync(configFile, text);
    const checked = spawnSync(nginx, ['-t', '-q', '-p', runDir, '-e', path.join(runDir, 'error.log'), '-c', configFile], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);
  };
  const reload = async () => {
    writeConfig();
    const pid = master?.pid;
    if (!pid) throw new Error('nginx is not running');
    const before = new Set(workersOf(pid));
    process.kill(pid, 'SIGHUP');
    const deadline = Date.now() + 10_000;
    while (!workersOf(pid).some((w) => !before.has(w))) {
      if (Date.now() > deadline) throw new Error('nginx did not reload');
      await sleep(10);
    }
  };
  const startInstance = (i: number) => startServerProcess(env, { port: slots[i]!.port, dataDir: slots[i]!.dataDir, entry });

  const stop = async () => {
    if (master && master.exitCode === null) {
      const exited = new Promise((resolve) => master!.once('exit', resolve));
      master.kill('SIGQUIT'); // graceful: finish what is in flight
      await Promise.race([exited, sleep(5_000)]);
      if (master.exitCode === null) master.kill('SIGKILL');
    }
    await Promise.all(instances.map((instance) => instance.process.dispose()));
    for (const slot of slots) rmSync(slot.dataDir, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  };

  try {
    // The first instance migrates and seeds alone, then the others start together (they would
    // be safe all at once too: apps/api/test/startup-instances.test.ts).
    const first = await startInstance(0);
    instances.push({ port: slots[0]!.port, baseUrl: first.baseUrl, dataDir: slots[0]!.dataDir, process: first });
    const rest = await Promise.all(slots.slice(1).map((_, k) => startInstance(k + 1)));
    rest.forEach((p, k) => instances.push({ port: slots[k + 1]!.port, baseUrl: p.baseUrl, dataDir: slots[k + 1]!.dataDir, process: p }));

    writeConfig();
    master = spawn(nginx, ['-p', runDir, '-e', path.join(runDir, 'error.log'), '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxErrors = '';
    master.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await fetch(`${url}/api/health/ready`).then((r) => r.status).catch(() => 0);
      if (answer === 200) break;
      if (master.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${nginxErrors}${readFileSync(path.join(runDir, 'error.log'), 'utf8')}`);
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    instances,
    async restart(index: number) {
      const slot = slots[index]!;
      const instance = instances[index]!;
      slot.down = true;
      await reload();
      instance.process.child.kill('SIGTERM');
      const exit = await instance.process.exited;
      if (exit.code !== 0) throw new Error(`instance ${index} exited with ${JSON.stringify(exit)}:\n${instance.process.output()}`);
      instance.process = await startInstance(index);
      slot.down = false;
      await reload();
    },
    accessLog() {
      const file = path.join(runDir, 'access.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [, method = '', uri = '', status = '0', upstream = ''] = line.split('|');
          // Tried instances are listed "a, b" (and " : " after an internal redirect).
          return { method, uri, status: Number(status), upstreams: upstream.split(/\s*,\s*|\s+:\s+/).filter((u) => u && u !== '-') };
        });
    },
    stop,
  };
}

/** A fresh database on the local server, for the command line (dropped at the end). */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TOPOLOGY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parmeta_topology_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const database = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, drop: async () => undefined } : await freshDatabase();
  const s3 = await startS3Server();
  const topology = await startTopology({
    databaseUrl: database.url,
    instances: Number(process.env.TOPOLOGY_INSTANCES ?? 3),
    ...(process.env.TOPOLOGY_PORT ? { port: Number(process.env.TOPOLOGY_PORT) } : {}),
    env: { ...s3.env, LOG_LEVEL: 'info', NODE_ENV: 'development', WEB_DIST: path.resolve(HERE, '../apps/web/dist') },
  }).catch(async (error: unknown) => {
    await s3.dispose();
    await database.drop();
    throw error;
  });
  console.log(`ParMeta Market behind nginx: ${topology.url}`);
  for (const [i, instance] of topology.instances.entries()) console.log(`  instance ${i + 1}: ${instance.baseUrl} (ready: ${instance.baseUrl}/api/health/ready)`);
  console.log('Type r + Enter to restart the instances one after another; Ctrl-C stops everything.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await topology.stop();
    await s3.dispose();
    await database.drop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'r') return;
    void (async () => {
      for (let i = 0; i < topology.instances.length; i++) {
        await topology.restart(i);
        console.log(`  instance ${i + 1} restarted`);
      }
    })();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
