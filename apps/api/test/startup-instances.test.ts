import { mkdtempSync, rmSync } from 'node:fs';
import { demoSeeders } from '../src/seed/seeders.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers.js';
import { processDatabase, startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Three instances started together on one fresh PostgreSQL schema, several times over: every
 * start-up step (migrations, demo data, the admin account, generated secrets) must come out
 * the same as with one instance, and every instance must come up. Before these steps were
 * made safe, three instances with ADMIN_EMAIL crashed in 4 tries out of 5 (each created the
 * admin; all but one exited on the duplicate key). SQLite is one process, so PostgreSQL only.
 */

const ROUNDS = 5;
const ADMIN = { email: 'ops@example.test', password: 'Quiet-Harbor-Lantern-Orbit' };

async function signIn(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/local/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: login, password }) });
  const body = (await response.json()) as { data?: { accessToken: { token: string } }; msg: string };
  if (!body.data) throw new Error(`sign-in at ${baseUrl} failed: ${response.status} ${body.msg}`);
  return body.data.accessToken.token;
}

async function detailStatus(baseUrl: string, token: string, userName: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/detail`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ user_id: userName }) });
  await response.arrayBuffer();
  return response.status;
}

/** The demo admin's password as the instance printed it (its log reaches the pipe a moment after it is ready). */
async function printedPassword(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    // The log is JSON lines; the demo admin's line carries the password as a field of its own.
    const line = server.output().split('\n').find((l) => l.includes('Demo admin') && l.endsWith('}'));
    const found = line ? (JSON.parse(line) as { password?: string }).password : undefined;
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no demo admin password in the log of ${server.baseUrl}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function countRows(url: string, queries: Record<string, string>): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const [name, text] of Object.entries(queries)) counts[name] = Number((await client.query<{ n: string }>(text)).rows[0]?.n);
    return counts;
  } finally {
    await client.end();
  }
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`three instances starting at once on a fresh database [${dialect}]`, () => {
    let servers: ServerProcess[] = [];
    let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
    const dirs: string[] = [];
    afterEach(async () => {
      await Promise.all(servers.map((s) => s.dispose()));
      servers = [];
      await database?.dispose();
      database = undefined;
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    /**
     * Odd rounds: ADMIN_EMAIL and a shared JWT_SECRET, as in production. Even rounds: the
     * embedded defaults, each instance with its own data directory and no JWT_SECRET, so the
     * demo admin's password and the signing key are generated; the instances must agree on both.
     */
    it.each(Array.from({ length: ROUNDS }, (_, i) => [i + 1]))('round %i: all three come up, and the database holds what one instance would have made', { timeout: 120_000 }, async (round) => {
      database = await processDatabase(dialect);
      const configured = round % 2 === 1;
      const env: Record<string, string> = {
        ...database.env,
        LOG_LEVEL: 'info',
        LOG_REQUESTS: 'false',
        ...(configured ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'shared-secret-shared-secret-shared-secret-0123' } : {}),
      };
      const started = await Promise.allSettled(
        [0, 1, 2].map(() => {
          const dataDir = mkdtempSync(path.join(tmpdir(), 'parmeta-start-'));
          dirs.push(dataDir);
          return startServerProcess(env, { dataDir });
        }),
      );
      servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures, failures.join('\n\n')).toEqual([]);

      const counts = await countRows(database.env.DATABASE_URL!, {
        admins: `select count(*) as n from app_user where role = 'admin'`,
        users: 'select count(*) as n from app_user',
        seeds: 'select count(*) as n from seed_run',
        categories: 'select count(*) as n from product_category',
        migrations: 'select count(*) as n from kysely_migration',
      });
      expect(counts).toMatchObject({ admins: 1, users: 1, seeds: demoSeeders.length });
      const single = await countRows(database.env.DATABASE_URL!, { categories: 'select count(distinct slug) as n from product_category' });
      expect(counts.categories).toBe(single.categories);

      // One signing key: a token from one instance is good on the others.
      let login = ADMIN.email;
      let password = ADMIN.password;
      if (!configured) {
        // Every instance prints the demo admin's password at start: the same one, and it works.
        const printed = await Promise.all(servers.map((s) => printedPassword(s)));
        expect(new Set(printed).size, printed.join(', ')).toBe(1);
        login = 'admin';
        password = printed[0]!;
      }
      const token = await signIn(servers[0]!.baseUrl, login, password);
      for (const server of servers) expect(await detailStatus(server.baseUrl, token, 'admin')).toBe(200);
    });
  });
}
