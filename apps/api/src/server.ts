import { buildApp } from './app.js';
import { ConfigError, loadConfig, localSecret, type Config } from './config.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { batchedLogStream } from './lib/log-stream.js';
import { ensureAdmin, hasAdmin } from './modules/admin/admin-bootstrap.js';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/connection.js';
import { seedDemoData } from './seed/seed.js';
import { demoSeeders } from './seed/seeders.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = openDb(config.database);
  await migrateToLatest(db);
  // Logs are written asynchronously in 4 KB batches: a synchronous write per request line
  // cost ~15% of throughput. The buffer is flushed every second and on shutdown.
  const logStream = batchedLogStream(1, config.logFormat);
  setInterval(() => logStream.flush(), 1000).unref();
  const app = await buildApp({ config, db, logger: { level: config.logLevel, stream: logStream } });
  if (config.seedDemo) {
    const seeded = await seedDemoData(db, demoSeeders);
    if (seeded.length > 0) app.log.info({ seeded }, 'demo data loaded');
  }
  await bootstrapAdmin(app, config, db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    await db.close();
    logStream.flushSync();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`ParMeta Market is running at ${config.publicUrl} (database: ${db.dialect})`);
  logStream.flush();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD when set; otherwise, for the embedded
 * demo (not in production), a demo admin whose password is generated once, kept in the
 * data directory, and printed at every start so a developer can sign in.
 */
async function bootstrapAdmin(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const { hashPool, ledger } = app.services;
  if (config.admin) {
    const { created, userName } = await ensureAdmin(db, hashPool, ledger, config.admin);
    app.log.info({ userName, created }, 'admin account from ADMIN_EMAIL is ready');
    return;
  }
  if (!config.seedDemo || config.env === 'production') return;
  const password = localSecret(config.dataDir, 'demoAdminPassword');
  if (!(await hasAdmin(db))) await ensureAdmin(db, hashPool, ledger, { email: 'admin@parmeta.local', password, userName: 'admin', fullName: 'Demo Admin' });
  // The user name and password as fields of their own: the readable development log prints each
  // on a line of its own, to be copied as it is.
  app.log.info({ userName: 'admin', password }, `Demo admin: sign in at ${config.publicUrl}/login (set ADMIN_EMAIL and ADMIN_PASSWORD for your own)`);
}
