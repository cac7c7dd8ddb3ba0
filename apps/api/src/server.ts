import type { FastifyInstance } from 'fastify';
import module from 'node:module';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, localSecret, type Config } from './config.js';
import { openDb, type Db } from './db/connection.js';
import { claimRun, RunConflict } from './db/run-marker.js';
import { migrateToLatest } from './db/migrate.js';
import { batchedLogStream, type LogStream } from './lib/log-stream.js';
import { Readiness } from './lib/readiness.js';
import { ensureAdmin, ensureFirstAdmin } from './modules/admin/admin-bootstrap.js';
import { seedDemoData } from './seed/seed.js';
import { demoSeeders } from './seed/seeders.js';
import { agreeOnSecret, withAgreedSecrets } from './startup/secrets.js';

/** After the drain: how long the requests in flight and the pool get before the process gives up and exits 1. */
const CLOSE_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Start-up, in an order that is safe with any number of instances starting at once on one
 * database (docs/decisions/0046): agree on generated secrets, listen (live, not ready), run
 * the migrations (Kysely holds a lock), load the demo data (each set once), make the admin
 * (under a lock), start the background work, and only then report ready.
 */
async function main() {
  const loaded = configOrExit();
  // The embedded database is marked in use, so a restore refuses while the app runs (decision 0041).
  const releaseRun = loaded.database.dialect === 'sqlite' ? claimRunOrExit(path.dirname(loaded.database.file)) : () => {};
  const db = openDb(loaded.database);
  const config = await withAgreedSecrets(loaded, db);
  // Logs are written asynchronously in 4 KB batches: a synchronous write per request line
  // cost ~15% of throughput. The buffer is flushed every second and on shutdown.
  const logStream = batchedLogStream(1, config.logFormat);
  setInterval(() => logStream.flush(), 1000).unref();
  const readiness = new Readiness();
  const app = await buildApp({ config, db, logger: { level: config.logLevel, stream: logStream }, readiness });
  onShutdownSignals(app, db, readiness, config.shutdownDrainMs, logStream, releaseRun);

  await app.listen({ host: config.host, port: config.port });
  const migrated = await migrateToLatest(db);
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  if (config.seedDemo) {
    const seeded = await seedDemoData(db, demoSeeders);
    if (seeded.length > 0) app.log.info({ seeded }, 'demo data loaded');
  }
  await bootstrapAdmin(app, config, db);
  await app.services.start();
  db.startUpDone?.();
  readiness.ready();
  settleMemory();
  app.log.info(`ParMeta Market is running at ${config.publicUrl} (database: ${db.dialect})`);
  logStream.flush();
}

/**
 * Graceful shutdown (docs/decisions/0047): not ready at once; for `drainMs` the instance
 * still answers everything (each answer closing its connection) while the load balancer stops
 * sending to it; then it stops listening, finishes what is in flight, stops the background
 * work and closes the pool. An instance that never became ready has nobody to drain.
 */
function onShutdownSignals(app: FastifyInstance, db: Db, readiness: Readiness, drainMs: number, logs: LogStream, releaseRun: () => void): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const wasReady = readiness.phase === 'ready';
    readiness.drain();
    const drain = wasReady ? drainMs : 0;
    app.log.info({ signal, drainMs: drain }, 'shutting down: not ready; answering until the load balancer has let go, then finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      logs.flushSync();
      process.exit(1);
    }, drain + CLOSE_GRACE_MS);
    timer.unref();
    if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
    await app.close();
    await db.close();
    releaseRun();
    app.log.info('stopped');
    await logs.drained();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function claimRunOrExit(dbDir: string): () => void {
  try {
    return claimRun(dbDir, 'server');
  } catch (error) {
    if (!(error instanceof RunConflict)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Once ready: what start-up compiled goes to the compile cache (the next start reads it instead
 * of parsing), and full, memory-reducing collections (with --expose-gc, as `npm start` runs
 * it) gives back what start-up left: migrations, the demo seed and the young generation that
 * grew under them. It takes ~20 ms, once, before any shopper arrives (docs/decisions/0065).
 */
function settleMemory(): void {
  module.flushCompileCache?.();
  // Each memory-reducing collection halves the young generation at most: twice takes it from
  // the 32 MB start-up grew it to back to its 1 MB start (it grows again under load).
  for (let i = 0; i < 2; i++) globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

// The build fills the compile cache with a whole start on a throwaway database (scripts/bundle.mjs):
// what start-up compiles is then in the cache on the first real start too, which otherwise
// parsed it afresh and kept ~10 MB more for its whole life (docs/decisions/0082).
const fillingCompileCache = process.env.PARMETA_FILL_COMPILE_CACHE === '1';
main().then(
  () => {
    if (fillingCompileCache) process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD when set; otherwise, for the embedded
 * demo (not in production), a demo admin whose password is generated once, kept in the
 * database (every instance prints the same one), and printed at every start so a developer
 * can sign in.
 */
async function bootstrapAdmin(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const { hashPool, ledger } = app.services;
  if (config.admin) {
    const { created, userName } = await ensureAdmin(db, hashPool, ledger, config.admin);
    app.log.info({ userName, created }, 'admin account from ADMIN_EMAIL is ready');
    return;
  }
  if (!config.seedDemo || config.env === 'production') return;
  const password = await agreeOnSecret(db, 'demoAdminPassword', localSecret(config.dataDir, 'demoAdminPassword'));
  await ensureFirstAdmin(db, hashPool, ledger, { email: 'admin@parmeta.local', password, userName: 'admin', fullName: 'Demo Admin' });
  // The user name and password as fields of their own: the readable development log prints each
  // on a line of its own, to be copied as it is.
  app.log.info({ userName: 'admin', password }, `Demo admin: sign in at ${config.publicUrl}/login (set ADMIN_EMAIL and ADMIN_PASSWORD for your own)`);
}
