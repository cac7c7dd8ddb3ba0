import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './connection.js';

let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-limits-'));
  db = openSqlite(path.join(dir, 'app.db'));
  await sql`create table item (id integer primary key, name text not null)`.execute(db.kysely);
  for (let i = 1; i <= 30; i++) await sql`insert into item (name) values (${`item ${i}`})`.execute(db.kysely);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite limits in the statement text', () => {
  it("writes a query builder's limit into the SQL and keeps its offset a parameter, on every connection", async () => {
    for (const k of [db.kysely, db.reads, db.quick]) {
      const query = k.selectFrom('item' as never).select('id' as never).orderBy('id' as never).limit(20).offset(5);
      const compiled = query.compile();
      expect(compiled.sql).toMatch(/limit 20 offset \?$/);
      expect(compiled.parameters).toEqual([5]);
      const rows = (await query.execute()) as { id: number }[];
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    }
  });

  it("writes a raw template's limit in, nested templates too", async () => {
    const inner = sql`select id from item where id > ${3} order by id limit ${2}`;
    const query = sql<{ id: number }>`select id from (${inner}) x where id < ${100} LIMIT  ${1}`;
    const compiled = query.compile(db.kysely);
    expect(compiled.sql).toBe('select id from (select id from item where id > ? order by id limit 2) x where id < ? LIMIT  1');
    expect(compiled.parameters).toEqual([3, 100]);
    expect((await query.execute(db.quick)).rows).toEqual([{ id: 4 }]);
  });

  it('binds what is not a small whole number, and what does not follow a limit', () => {
    for (const value of [10_001, 2.5, -1, '20', Number.NaN]) {
      const compiled = sql`select id from item limit ${value}`.compile(db.kysely);
      expect(compiled.sql).toBe('select id from item limit ?');
      expect(compiled.parameters).toEqual([value]);
    }
    const notALimit = sql`select id from item where id = ${7} or name = ${'limit'}`.compile(db.kysely);
    expect(notALimit.sql).toBe('select id from item where id = ? or name = ?');
    expect(notALimit.parameters).toEqual([7, 'limit']);
  });
});
