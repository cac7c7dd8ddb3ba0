import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '../src/db/connection.js';
import { testConfig } from './helpers.js';
import { quickUsers } from './quick-users.js';
import { runCli, startServerProcess, type ServerProcess } from './server-process.js';

/**
 * `npm run backup` and `npm run restore` on the embedded database (docs/decisions/0041): a real
 * server process takes a steady load of concurrent ledger transfers while the backup runs in
 * another process; restore refuses while the server runs, and once it has stopped puts back a
 * ledger identical to the source's at the backup's moment. SQLite commits one writer at a time
 * and entry ids grow in commit order, so "the source at that moment" is exactly its entries up to
 * the last one the backup holds.
 */

const SECRET = 'backup-test-secret-backup-test-secret-0123456789';
const ENV = { JWT_SECRET: SECRET, SEED_DEMO: 'false' };

interface Ledger {
  entries: { id: number; kind: string; reference: string | null; memo: string; created_at: number }[];
  postings: { id: number; entry_id: number; account_id: number; asset: string; amount: number }[];
  accounts: { id: number; user_id: number | null; code: string; asset: string; balance: number }[];
  payouts: { id: number; user_id: number; amount: number; status: string }[];
}

async function readLedger(db: Db): Promise<Ledger> {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db.kysely)).rows;
  return {
    entries: await rows(sql`select id, kind, reference, memo, created_at from journal_entry order by id`),
    postings: await rows(sql`select id, entry_id, account_id, asset, amount from posting order by id`),
    accounts: await rows(sql`select id, user_id, code, asset, balance from ledger_account order by id`),
    payouts: await rows(sql`select id, user_id, amount, status from payout order by id`),
  };
}

const countEntries = async (db: Db) => Number((await sql<{ n: number }>`select count(*) as n from journal_entry`.execute(db.kysely)).rows[0]?.n ?? 0);
const waitFor = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('backup and restore of the embedded database [sqlite]', () => {
  const servers: ServerProcess[] = [];
  const dbs: Db[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close().catch(() => {});
    for (const server of servers.reverse()) await server.dispose();
  });

  it('backs up under a load of concurrent transfers, refuses to restore while the app runs, then restores an identical ledger', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(ENV);
    servers.push(server);
    const env = { ...ENV, DATA_DIR: server.dataDir };
    const file = path.join(server.dataDir, 'app.db');
    const db = openSqlite(file);
    dbs.push(db);
    const members = await quickUsers(db, testConfig(server.dataDir, { JWT_SECRET: SECRET }), 6, 5_000_00);
    const atStart = await countEntries(db);

    // The load: every member moves par to meta and asks for withdrawals, two calls at a time each, until told to stop.
    let stop = false;
    const failures: string[] = [];
    const loop = async (member: (typeof members)[number], n: number) => {
      for (let i = 0; !stop; i++) {
        const withdraw = (i + n) % 5 === 0;
        const response = await fetch(`${server.baseUrl}/api/gx/${withdraw ? 'transfer_par_off' : 'tranfer_par_to_meta'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...member.auth },
          body: JSON.stringify(withdraw ? { amount: 10, destination: `0x${'cd'.repeat(20)}` } : { amount: (1 + ((i * 7 + n) % 90)) / 100 }),
        });
        if (response.status >= 300) failures.push(`${response.status} ${await response.text()}`);
      }
    };
    const load = Promise.all(members.flatMap((m) => [loop(m, 0), loop(m, 1)]));
    await waitFor(async () => (await countEntries(db)) >= atStart + 60, 'the load to write entries');

    const backupFile = path.join(server.dataDir, 'backups', 'under-load.db');
    const backup = await runCli('backup', ['--out', backupFile], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`to ${backupFile}`);
    const afterBackup = await countEntries(db);
    // The load went on after the backup was taken.
    await waitFor(async () => (await countEntries(db)) >= afterBackup + 30, 'more entries after the backup');
    stop = true;
    await load;
    expect(failures).toEqual([]);

    // The app is running on this database: nothing is restored, nothing is touched.
    const source = await readLedger(db);
    const refused = await runCli('restore', [backupFile], env);
    expect(refused.code, refused.stdout).toBe(3);
    expect(refused.stderr).toContain('The app is using this database');
    expect(refused.stderr).toContain(`process ${server.child.pid}`);
    expect((await readLedger(db)).entries).toHaveLength(source.entries.length);
    await db.close();
    dbs.pop();

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const restored = await runCli('restore', [backupFile], env);
    expect(restored.code, restored.stderr).toBe(0);
    const kept = readdirSync(path.join(server.dataDir, 'backups')).filter((f) => /^before-restore-.*\.db$/.test(f));
    expect(kept).toHaveLength(1);
    expect(restored.stdout).toContain(kept[0]);

    const back = openSqlite(file);
    dbs.push(back);
    const copy = await readLedger(back);
    const lastEntry = copy.entries.at(-1)!.id;
    // Taken under load: more than there was before it, less than there was after it.
    expect(copy.entries.length).toBeGreaterThanOrEqual(atStart + 60);
    expect(copy.entries.length).toBeLessThan(source.entries.length);
    // The same journal as the source up to the backup's moment, posting for posting.
    expect(copy.entries).toEqual(source.entries.filter((e) => e.id <= lastEntry));
    expect(copy.postings).toEqual(source.postings.filter((p) => p.entry_id <= lastEntry));
    // And the same balances: each account's at that moment is the sum of its postings then.
    const postedThen = new Map<number, number>();
    for (const p of copy.postings) postedThen.set(p.account_id, (postedThen.get(p.account_id) ?? 0) + p.amount);
    for (const a of copy.accounts) if (a.user_id !== null) expect(a.balance, `account ${a.id}`).toBe(postedThen.get(a.id) ?? 0);
    expect(copy.accounts.map(({ balance: _b, ...a }) => a)).toEqual(source.accounts.map(({ balance: _b, ...a }) => a));
    const requests = new Set(copy.entries.filter((e) => e.kind === 'payout_request').map((e) => e.reference));
    expect(copy.payouts.map((p) => `PO-${p.id}`)).toEqual([...requests]);
    // The database it replaced is kept whole.
    const old = openSqlite(path.join(server.dataDir, 'backups', kept[0]!));
    dbs.push(old);
    expect((await readLedger(old)).entries).toEqual(source.entries);

    // The app starts on the restored database and answers from it.
    const again = await startServerProcess(ENV, { dataDir: server.dataDir });
    servers.push(again);
    const member = members[0]!;
    const account = copy.accounts.find((a) => a.user_id === member.id && a.asset === 'meta')!;
    const answer = await fetch(`${again.baseUrl}/api/gx/Userdata`, { method: 'POST', headers: { 'content-type': 'application/json', ...member.auth }, body: '{}' });
    expect(((await answer.json()) as { data: { balances: { meta: number } } }).data.balances.meta).toBe(account.balance / 100);
    // A restore refuses while this one runs, too; and the markers go with the processes.
    expect((await runCli('restore', [backupFile], { ...env })).code).toBe(3);
    again.child.kill('SIGTERM');
    await again.exited;
    expect(existsSync(path.join(server.dataDir, 'run')) ? readdirSync(path.join(server.dataDir, 'run')) : []).toEqual([]);
  });
});
