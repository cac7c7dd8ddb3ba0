import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDb, testConfig, type TestDb } from '../../test/helpers.js';
import { expectLedgerConsistent } from '../../test/ledger-helpers.js';
import { quickUsers } from '../../test/quick-users.js';
import { InsufficientBalance, Ledger } from '../modules/ledger/ledger.js';
import { WalletService } from '../modules/wallet/wallet.service.js';
import type { Db } from './connection.js';
import type { Database } from './database.js';
import { GroupCommit, transact } from './group-commit.js';

const API_ROOT = path.resolve(import.meta.dirname, '../..');

/** Settles each promise into a plain record, so tests can look at every outcome. */
const outcomes = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

async function setup(handle: TestDb & { dataDir: string }, parMinor: number, count = 1) {
  const config = testConfig(handle.dataDir);
  const users = await quickUsers(handle.db, config, count, parMinor);
  return { users, wallet: new WalletService(handle.db, new Ledger(handle.db.dialect), config) };
}

const parOf = async (db: Db, userId: number) => (await new Ledger(db.dialect).balancesMinor(db.kysely, userId)).par;
const entryCount = async (db: Db) => Number((await db.kysely.selectFrom('journal_entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('group commit [sqlite]', () => {
  let handle: TestDb & { dataDir: string };
  beforeAll(async () => {
    handle = await freshDb('sqlite');
  });
  afterAll(() => handle.dispose());

  /** A second connection to the test database that records every statement, with its own group commit. */
  const counting = () => {
    const statements: string[] = [];
    const db = handle.reopen((s) => statements.push(s.trim().toLowerCase()));
    const count = (prefix: string) => statements.filter((s) => s.startsWith(prefix)).length;
    return { db, statements, count };
  };

  it('work that arrives together shares one transaction, and no caller is answered before its commit', async () => {
    const { users, wallet } = await setup(handle, 10_000);
    const userId = users[0]!.id;
    const { db, count } = counting();
    const group = new GroupCommit(db.kysely);
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const settled: string[] = [];
    const track = (name: string, p: Promise<unknown>) => p.finally(() => settled.push(name));

    const runs = [
      track('a', group.run((trx) => wallet.parToMeta(trx, userId, 100))),
      track(
        'b',
        group.run(async (trx) => {
          await wallet.parToMeta(trx, userId, 200);
          entered();
          await gate;
        }),
      ),
      track('c', group.run((trx) => wallet.parToMeta(trx, userId, 300))),
    ];
    try {
      await inside;
      await new Promise((r) => setImmediate(r));
      // 'a' finished long ago, but its transaction has not committed: nobody may know yet.
      expect(settled).toEqual([]);
      expect(count('commit')).toBe(0);
    } finally {
      open(); // a failure above must not leave the batch holding the write lock
    }
    await Promise.all(runs);
    expect(settled.sort()).toEqual(['a', 'b', 'c']);
    expect([count('begin'), count('savepoint'), count('commit')]).toEqual([1, 3, 1]);
    expect(await parOf(handle.db, userId)).toBe(10_000 - 600);
    await db.close();
  });

  /** A member with 10.00 par, a counting connection with its own group commit, and a unit of work that fails after writing. */
  const batchOf1000 = async () => {
    const { users, wallet } = await setup(handle, 1_000);
    const userId = users[0]!.id;
    const { db, count } = counting();
    const failsAfterWriting = async (trx: Kysely<Database>) => {
      await wallet.parToMeta(trx, userId, 200);
      throw new Error('failed after writing');
    };
    return { userId, wallet, db, count, group: new GroupCommit(db.kysely), before: await entryCount(handle.db), failsAfterWriting };
  };

  it('a unit that fails rolls back only its own changes; the others in the batch commit', async () => {
    const { userId, wallet, db, count, group, before, failsAfterWriting } = await batchOf1000();
    const results = await outcomes([
      group.run((trx) => wallet.parToMeta(trx, userId, 100)),
      group.run(failsAfterWriting),
      group.run((trx) => wallet.parToMeta(trx, userId, 5_000)),
      group.run((trx) => wallet.parToMeta(trx, userId, 300)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'failed after writing' });
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalance);
    expect(count('begin')).toBe(1);
    expect(await parOf(handle.db, userId)).toBe(1_000 - 400);
    expect(await entryCount(handle.db)).toBe(before + 2);
    await expectLedgerConsistent(handle.db);
    await db.close();
  });

  it('a batch whose every unit failed ends with ROLLBACK, not a COMMIT, and answers each its own error', async () => {
    const { userId, wallet, db, count, group, before, failsAfterWriting } = await batchOf1000();
    const results = await outcomes([group.run((trx) => wallet.parToMeta(trx, userId, 5_000)), group.run(failsAfterWriting)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalance);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'failed after writing' });
    expect([count('begin'), count('savepoint'), count('commit'), count('rollback')]).toEqual([1, 2, 0, 3]);
    expect(await parOf(handle.db, userId)).toBe(1_000);
    expect(await entryCount(handle.db)).toBe(before);
    // The connection was given back: the next batch commits as usual.
    await group.run((trx) => wallet.parToMeta(trx, userId, 100));
    expect(await parOf(handle.db, userId)).toBe(900);
    await db.close();
  });

  it('a failed COMMIT answers every caller of the batch with its error and keeps nothing', async () => {
    const { users, wallet } = await setup(handle, 1_000);
    const userId = users[0]!.id;
    const group = new GroupCommit(handle.db.kysely);
    const before = await entryCount(handle.db);
    const results = await outcomes<unknown>([
      group.run((trx) => wallet.parToMeta(trx, userId, 100)),
      group.run(async (trx) => {
        // A foreign key checked only at COMMIT: the one way to make SQLite refuse a commit on demand.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into posting (entry_id, account_id, asset, amount) values (-1, -1, 'par', 1)`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(await parOf(handle.db, userId)).toBe(1_000);
    expect(await entryCount(handle.db)).toBe(before);
    // The connection was given back: the next batch works.
    await group.run((trx) => wallet.parToMeta(trx, userId, 100));
    expect(await parOf(handle.db, userId)).toBe(900);
  });

  it('a crash before the COMMIT answers nobody and keeps nothing', async () => {
    const file = path.join(handle.dataDir, 'app.db');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'test/group-commit-crash.fixture.ts'), file], { cwd: API_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('inside')) resolve();
      });
      child.on('exit', () => reject(new Error(`fixture exited early: ${out} ${err}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).not.toContain('answered');
    const kept = await handle.db.kysely.selectFrom('journal_entry').select('kind').where('kind', 'in', ['crash_a', 'crash_b']).execute();
    expect(kept).toEqual([]);
  });

  it('puts at most maxBatch units of work in one transaction', async () => {
    const { users, wallet } = await setup(handle, 1_000);
    const { db, count } = counting();
    const group = new GroupCommit(db.kysely, 2);
    await Promise.all(Array.from({ length: 5 }, () => group.run((trx) => wallet.parToMeta(trx, users[0]!.id, 10))));
    expect([count('begin'), count('commit')]).toEqual([3, 3]);
    expect(await parOf(handle.db, users[0]!.id)).toBe(950);
    await db.close();
  });
});

for (const dialect of DIALECTS) {
  describe(`transact [${dialect}]`, () => {
    let handle: TestDb & { dataDir: string };
    beforeAll(async () => {
      handle = await freshDb(dialect);
    });
    afterAll(() => handle.dispose());

    it('concurrent spends cannot overdraw: 20 transfers of 10.00 from 55.00 leave exactly 5.00', async () => {
      const { users, wallet } = await setup(handle, 5_500);
      const userId = users[0]!.id;
      const results = await outcomes(Array.from({ length: 20 }, () => transact(handle.db, (trx) => wallet.parToMeta(trx, userId, 1_000))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      for (const r of results.filter((x) => x.status === 'rejected')) expect(r.reason).toBeInstanceOf(InsufficientBalance);
      expect(await parOf(handle.db, userId)).toBe(500);
      await expectLedgerConsistent(handle.db);
    });

    it('many members at once: every transfer lands exactly once', async () => {
      const { users, wallet } = await setup(handle, 1_000, 8);
      await Promise.all(users.flatMap((u) => Array.from({ length: 5 }, () => transact(handle.db, (trx) => wallet.parToMeta(trx, u.id, 10)))));
      for (const u of users) expect(await parOf(handle.db, u.id)).toBe(950);
      await expectLedgerConsistent(handle.db);
    });
  });
}
