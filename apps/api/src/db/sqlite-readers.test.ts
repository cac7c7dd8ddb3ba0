import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from './connection.js';

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

async function open(inlineUnderMs?: number): Promise<Db> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-readers-'));
  db = openSqlite(path.join(dir, 'app.db'), undefined, inlineUnderMs === undefined ? {} : { inlineUnderMs });
  await sql`create table item (id integer primary key, name text not null)`.execute(db.kysely);
  return db;
}

/** A read that takes a while: counts to n with a recursive CTE. */
const slowCount = (n: number) => sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as n from c`;

/**
 * Counts to n through the pool; answers how many turns the event loop took while it ran: at most
 * the one before the first check when the read ran on this thread.
 */
async function turnsDuring(reads: Db['reads' | 'quick'], n: number): Promise<number> {
  let done = false;
  const read = slowCount(n)
    .execute(reads)
    .finally(() => {
      done = true;
    });
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  expect((await read).rows).toEqual([{ n }]);
  return turns;
}

describe('SQLite read pool (db.reads)', () => {
  it('reads what the main connection committed, at once', async () => {
    const { kysely, reads } = await open();
    expect(reads).not.toBe(kysely);
    expect(await reads.selectFrom('item' as never).selectAll().execute()).toEqual([]);
    await sql`insert into item (id, name) values (1, 'kettle')`.execute(kysely);
    expect((await sql<{ name: string }>`select name from item where id = ${1}`.execute(reads)).rows).toEqual([{ name: 'kettle' }]);
    await sql`update item set name = 'steel kettle' where id = 1`.execute(kysely);
    expect((await sql<{ name: string }>`select name from item where id = ${1}`.execute(reads)).rows).toEqual([{ name: 'steel kettle' }]);
  });

  it('refuses to write, and changes nothing', async () => {
    const { kysely, reads } = await open();
    await expect(sql`insert into item (id, name) values (2, 'mug')`.execute(reads)).rejects.toThrow(/read/i);
    await expect(sql`delete from item returning id`.execute(reads)).rejects.toThrow(/readonly|read-only/i);
    await expect(reads.transaction().execute(async () => undefined)).rejects.toThrow(/not transactions/);
    expect((await sql`select * from item`.execute(kysely)).rows).toEqual([]);
  });

  it('a long read does not hold the event loop', async () => {
    const { reads } = await open();
    expect(await turnsDuring(reads, 3_000_000)).toBeGreaterThan(20);
  });

  it('runs a statement that has been quick on the event loop, and sends it back to the readers after one slow run', async () => {
    // Quick: under 20 ms, which a busy machine's pauses do not reach for counting to 3; slow:
    // counting to 3 million, which takes far longer.
    const { reads } = await open(20);
    const quickRuns = async (times: number) => {
      for (let i = 0; i < times; i += 1) await turnsDuring(reads, 3);
    };
    // Quick 10 times: still on the readers (a slow run there leaves the event loop free).
    await quickRuns(10);
    expect(await turnsDuring(reads, 3_000_000)).toBeGreaterThan(20);
    // Quick 32 times in a row: the same text now runs here, even when it turns out slow...
    await quickRuns(32);
    expect(await turnsDuring(reads, 3_000_000)).toBeLessThanOrEqual(1);
    // ...once: after that slow run it goes back to the readers.
    expect(await turnsDuring(reads, 3_000_000)).toBeGreaterThan(20);
    await quickRuns(31);
    expect(await turnsDuring(reads, 3_000_000)).toBeGreaterThan(20);
  });

  it('quick reads (db.quick) run on the event loop from the first, read what was committed, and refuse to write', async () => {
    const { kysely, quick, reads } = await open();
    expect(quick).not.toBe(kysely);
    expect(quick).not.toBe(reads);
    await sql`insert into item (id, name) values (1, 'kettle')`.execute(kysely);
    expect((await sql<{ name: string }>`select name from item where id = ${1}`.execute(quick)).rows).toEqual([{ name: 'kettle' }]);
    // Even a slow one, the first time: the caller bounds what they read.
    expect(await turnsDuring(quick, 300_000)).toBeLessThanOrEqual(1);
    await expect(sql`insert into item (id, name) values (2, 'mug')`.execute(quick)).rejects.toThrow(/rows/);
    await expect(sql`delete from item returning id`.execute(quick)).rejects.toThrow(/readonly|read-only/i);
    await expect(quick.transaction().execute(async () => undefined)).rejects.toThrow(/not transactions/);
    expect((await sql`select name from item`.execute(kysely)).rows).toEqual([{ name: 'kettle' }]);
  });

  it('answers statements sent together, each its own', async () => {
    const { kysely, reads } = await open();
    await sql`insert into item (id, name) values (1, 'a'), (2, 'b'), (3, 'c')`.execute(kysely);
    const answers = await Promise.all([1, 2, 3, 1, 2, 3].map((id) => sql<{ name: string }>`select name from item where id = ${id}`.execute(reads)));
    expect(answers.map((a) => a.rows[0]?.name)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('is the main connection for an in-memory database, which no other connection can open', async () => {
    const memory = openSqlite(':memory:');
    expect(memory.reads).toBe(memory.kysely);
    expect(memory.quick).toBe(memory.kysely);
    await memory.close();
  });
});
