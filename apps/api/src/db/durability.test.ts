import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDb, type TestDb } from '../../test/helpers.js';
import { commitWithoutFlush } from './durability.js';

/** SQLite: 2 = FULL, 1 = NORMAL. PostgreSQL: on / off. */
const setting = async (t: TestDb, trx = t.db.kysely) =>
  t.db.dialect === 'sqlite'
    ? String((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]?.synchronous)
    : String((await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit);

describe.each(DIALECTS)('commitWithoutFlush [%s]', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDb(dialect);
  });
  afterAll(() => t.dispose());
  const waiting = () => (dialect === 'sqlite' ? '2' : 'on');
  const relaxed = () => (dialect === 'sqlite' ? '1' : 'off');

  it('commits the work with the flush relaxed inside, and waits for the disk again after', async () => {
    expect(await setting(t)).toBe(waiting());
    const inside = await commitWithoutFlush(t.db, async (trx) => {
      await trx.insertInto('throttle').values({ key: 'k1', window_start: 1, hits: 1 }).execute();
      return setting(t, trx);
    });
    expect(inside).toBe(relaxed());
    expect(await setting(t)).toBe(waiting());
    expect(await t.db.kysely.selectFrom('throttle').select('hits').where('key', '=', 'k1').executeTakeFirst()).toEqual({ hits: 1 });
  });

  it('rolls back on failure and still restores the setting', async () => {
    await expect(
      commitWithoutFlush(t.db, async (trx) => {
        await trx.insertInto('throttle').values({ key: 'k2', window_start: 1, hits: 1 }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await setting(t)).toBe(waiting());
    expect(await t.db.kysely.selectFrom('throttle').select('hits').where('key', '=', 'k2').executeTakeFirst()).toBeUndefined();
  });

  it('never lets a concurrent transaction commit under the relaxed setting', async () => {
    const seen: string[] = [];
    await Promise.all([
      commitWithoutFlush(t.db, async (trx) => {
        await trx.insertInto('throttle').values({ key: 'k3', window_start: 1, hits: 1 }).execute();
      }),
      t.db.kysely.transaction().execute(async (trx) => {
        seen.push(await setting(t, trx));
      }),
      commitWithoutFlush(t.db, async (trx) => {
        await trx.insertInto('throttle').values({ key: 'k4', window_start: 1, hits: 1 }).execute();
      }),
      t.db.kysely.transaction().execute(async (trx) => {
        seen.push(await setting(t, trx));
      }),
    ]);
    expect(seen).toEqual([waiting(), waiting()]);
  });
});
