import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../src/db/connection.js';
import { processDatabase, startServerProcess, type ServerProcess } from '../server-process.js';
import { startSmtpSink } from '../smtp-sink.js';
import { overHttp, type Instance } from './client.js';

export interface Cluster {
  instances: Instance[];
  servers: ServerProcess[];
  /** A connection of the test's own to the database the servers share. */
  db: Db;
  jwtSecret: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  dispose(): Promise<void>;
}

/**
 * API servers as separate processes on one database, each with its own housekeeping timer and
 * mail worker delivering to one real SMTP server: what several instances behind a load balancer
 * are. SQLite is one process (it is one machine's file); PostgreSQL takes any number.
 */
export async function startCluster(dialect: DialectName, count: number, options: { entry?: 'source' | 'build'; env?: Record<string, string> } = {}): Promise<Cluster> {
  if (dialect === 'sqlite' && count !== 1) throw new Error('SQLite serves one process');
  const database = await processDatabase(dialect);
  const smtp = await startSmtpSink();
  const jwtSecret = randomBytes(48).toString('base64url');
  const env: Record<string, string> = {
    ...database.env,
    JWT_SECRET: jwtSecret,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '200',
    HOUSEKEEPING_MS: '250',
    // The shortest the settings allow: orders and reservations run out during a long run.
    ORDER_EXPIRY_MINUTES: '1',
    NFT_RESERVATION_MINUTES: '1',
    LOG_REQUESTS: 'false',
    SEED_DEMO: 'false',
    ...options.env,
  };
  const servers: ServerProcess[] = [];
  try {
    // Started together: start-up is safe with several at once (docs/decisions/0046).
    servers.push(...(await Promise.all(Array.from({ length: count }, () => startServerProcess(env, options.entry ? { entry: options.entry } : {})))));
  } catch (error) {
    await Promise.all(servers.map((s) => s.dispose()));
    await smtp.close();
    await database.dispose();
    throw error;
  }
  const db = dialect === 'sqlite' ? openSqlite(path.join(servers[0]!.dataDir, 'app.db')) : openPostgres(env.DATABASE_URL!, 4);
  return {
    instances: servers.map((s) => overHttp(s.baseUrl)),
    servers,
    db,
    jwtSecret,
    smtp,
    async dispose() {
      await db.close();
      await Promise.all(servers.map((s) => s.dispose()));
      await smtp.close();
      await database.dispose();
    },
  };
}
