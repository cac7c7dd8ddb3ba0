import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './connection.js';

let dir: string | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

/** A database file whose table was analysed, as `pragma optimize` does on a later start. */
function analysedFile(): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-stats-'));
  const file = path.join(dir, 'app.db');
  const raw = new SQLite(file);
  raw.exec('create table item (id integer primary key, owner integer not null); create index item_owner on item (owner)');
  const insert = raw.prepare('insert into item (owner) values (?)');
  for (let i = 0; i < 2_000; i++) insert.run(i % 40);
  raw.exec('analyze');
  expect((raw.prepare('select count(*) as n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
  raw.close();
  return file;
}

describe('SQLite planner statistics', () => {
  it('keeps the row counts and drops the samples when the database is opened', async () => {
    db = openSqlite(analysedFile());
    const count = async (table: string) => (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db!.kysely)).rows[0]!.n;
    expect(await count('sqlite_stat4')).toBe(0);
    expect(await count('sqlite_stat1')).toBeGreaterThan(0);
    // Every connection plans without them and still answers.
    for (const k of [db.kysely, db.reads, db.quick]) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from item where owner = ${7}`.execute(k);
      expect(rows[0]!.n).toBe(50);
    }
  });

  it('opens a database that was never analysed as it is', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-stats-'));
    db = openSqlite(path.join(dir, 'app.db'));
    await sql`create table item (id integer primary key)`.execute(db.kysely);
    const { rows } = await sql<{ name: string }>`select name from sqlite_schema where name like 'sqlite_stat%'`.execute(db.kysely);
    expect(rows).toEqual([]);
  });
});
