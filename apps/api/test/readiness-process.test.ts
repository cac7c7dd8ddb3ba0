import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/connection.js';
import { DIALECTS } from './helpers.js';
import { processDatabase, startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Readiness as a load balancer sees it, on the server process (docs/decisions/0047): not
 * ready while migrating, not ready from SIGTERM on while it still answers for the drain time,
 * then gone. Liveness answers from the moment the process listens until it exits.
 */

async function status(url: string): Promise<{ status: number; msg?: string; connection: string | null } | 'refused'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { msg?: string };
    return { status: response.status, msg: body.msg, connection: response.headers.get('connection') };
  } catch {
    return 'refused';
  }
}

async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(answer)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const dialect of DIALECTS) {
  describe(`readiness of the server process [${dialect}]`, () => {
    let server: ServerProcess | undefined;
    let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
    afterEach(async () => {
      await server?.dispose();
      await database?.dispose();
    });

    it('on SIGTERM: not ready at once, still answering (closing each connection) for the drain time, then exits 0', { timeout: 60_000 }, async () => {
      database = await processDatabase(dialect);
      server = await startServerProcess({ ...database.env, SHUTDOWN_DRAIN_MS: '1500' });
      const { baseUrl } = server;
      expect(await status(`${baseUrl}/api/health/ready`)).toMatchObject({ status: 200 });

      server.child.kill('SIGTERM');
      const draining = await until(() => status(`${baseUrl}/api/health/ready`), (s) => s !== 'refused' && s.status === 503, 'not ready');
      expect(draining).toMatchObject({ msg: 'Shutting down: finishing the requests in flight.', connection: 'close' });
      expect(await status(`${baseUrl}/api/health/live`)).toMatchObject({ status: 200 });
      expect(await status(`${baseUrl}/api/public/featured`)).toMatchObject({ status: 200, connection: 'close' });

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await status(`${baseUrl}/api/health/live`)).toBe('refused');
    });
  });
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`readiness while migrating [${dialect}]`, () => {
    let server: ServerProcess | undefined;
    let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
    let blocker: pg.Client | undefined;
    afterEach(async () => {
      await blocker?.end().catch(() => undefined);
      await server?.dispose();
      await database?.dispose();
    });

    it('is live but not ready, and answers nothing else, until its migrations are done', { timeout: 60_000 }, async () => {
      database = await processDatabase(dialect);
      const url = database.env.DATABASE_URL!;
      // The migrations' bookkeeping is made, then held: the server's migrator waits on it, as on a long migration.
      const setUp = openPostgres(url, 1);
      await migrateToLatest(setUp);
      await setUp.close();
      blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table kysely_migration_lock in access exclusive mode');

      server = await startServerProcess({ ...database.env, JWT_SECRET: 'migrating-secret-migrating-secret-0123456789' }, { noWait: true });
      const { baseUrl } = server;
      await until(() => status(`${baseUrl}/api/health/live`), (s) => s !== 'refused' && s.status === 200, 'live');
      expect(await status(`${baseUrl}/api/health/ready`)).toMatchObject({ status: 503, msg: 'Starting up: migrations and demo data are not done yet.' });
      expect(await status(`${baseUrl}/api/public/featured`)).toMatchObject({ status: 503 });

      await blocker.query('rollback');
      await until(() => status(`${baseUrl}/api/health/ready`), (s) => s !== 'refused' && s.status === 200, 'ready once migrated');
      expect(await status(`${baseUrl}/api/public/featured`)).toMatchObject({ status: 200 });
    });
  });
}
