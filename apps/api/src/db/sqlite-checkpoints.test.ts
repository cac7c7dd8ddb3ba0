import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './connection.js';
import { BackgroundCheckpoints } from './sqlite-checkpoints.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-checkpoints-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'app.db');
}

const until = async (done: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

/** A WAL database file with an empty item table, on a connection of the test's own. */
function itemTable(): { file: string; sqlite: SQLite.Database } {
  const file = tempFile();
  const sqlite = new SQLite(file);
  cleanup.push(() => sqlite.close());
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table item (id integer primary key, body blob not null)');
  return { file, sqlite };
}

describe('SQLite checkpoints in the background', () => {
  it('copies what writes add to the WAL on its own thread, and SQLite checkpoints in a commit only past the backstop', async () => {
    const { file, sqlite } = itemTable();
    const checkpoints = new BackgroundCheckpoints(sqlite, file, (work) => work(), 20);
    cleanup.push(() => checkpoints.close());

    // Not armed (start-up): writes schedule nothing, SQLite's own checkpoint works as before.
    sqlite.prepare('insert into item (body) values (randomblob(100))').run();
    checkpoints.wrote();
    await new Promise((r) => setTimeout(r, 100));
    expect(checkpoints.stats.runs).toBe(0);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);

    checkpoints.arm();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    // A write that changes nothing (housekeeping with nothing due) adds nothing to the WAL: no worker starts.
    sqlite.prepare('update item set body = body where id < 0').run();
    checkpoints.wrote();
    await until(() => checkpoints.stats.skipped > 0, 1_000);
    expect(checkpoints.stats).toMatchObject({ runs: 0, skipped: 1 });
    // About 2,500 pages in 50 commits: past SQLite's default of 1,000, below the backstop.
    const insert = sqlite.prepare('insert into item (body) values (randomblob(4000))');
    for (let i = 0; i < 50; i++) {
      sqlite.transaction(() => {
        for (let j = 0; j < 50; j++) insert.run();
      })();
      checkpoints.wrote();
      await new Promise((r) => setImmediate(r));
    }
    await until(() => checkpoints.stats.pagesCopied >= 2_500);
    expect(checkpoints.stats.failures).toBe(0);
    expect(checkpoints.stats.runs).toBeGreaterThan(0);
    // Writes that came together shared checkpoints.
    expect(checkpoints.stats.runs).toBeLessThan(50);
    expect(checkpoints.stats.pagesCopied).toBeGreaterThanOrEqual(2_500);
    expect((sqlite.prepare('select count(*) as n from item').get() as { n: number }).n).toBe(2_501);
  });

  it('copies again after a commit that landed while a copy ran, even when no write follows it', async () => {
    const { file, sqlite } = itemTable();
    const insert = sqlite.prepare('insert into item (body) values (randomblob(4000))');
    let copies = 0;
    // Not the app's hold (which keeps this connection's statements out while the worker copies):
    // a commit lands during the first copy, as another connection's could.
    const checkpoints = new BackgroundCheckpoints(
      sqlite,
      file,
      async (work) => {
        const copying = work();
        if (copies++ === 0) {
          insert.run();
          checkpoints.wrote();
        }
        return copying;
      },
      20,
    );
    cleanup.push(() => checkpoints.close());
    checkpoints.arm();
    insert.run();
    checkpoints.wrote();
    await until(() => checkpoints.stats.runs + checkpoints.stats.skipped >= 2, 5_000);
    // The second run saw the WAL changed since the first copy began, and copied what it could.
    expect(checkpoints.stats).toMatchObject({ runs: 2, skipped: 0, failures: 0 });
  });

  it('runs with the app: after start-up, the WAL file stays short under a stream of writes', async () => {
    const file = tempFile();
    const db: Db = openSqlite(file);
    cleanup.push(() => db.close());
    await sql`create table item (id integer primary key, body blob not null)`.execute(db.kysely);
    db.startUpDone?.();
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely)).rows[0]?.wal_autocheckpoint).toBe(10_000);
    // 80 commits of 50 pages (~16 MB), a little apart, as orders come in: SQLite alone would
    // checkpoint only at 10,000 pages, so without the background the WAL file would hold all of it.
    for (let i = 0; i < 80; i++) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let j = 0; j < 50; j++) await sql`insert into item (body) values (randomblob(4000))`.execute(trx);
      });
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(statSync(`${file}-wal`).size).toBeLessThan(8_000_000);
    expect((await sql<{ n: number }>`select count(*) as n from item`.execute(db.kysely)).rows[0]?.n).toBe(4_000);
  });
});
