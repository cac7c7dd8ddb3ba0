import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDb, type TestDb } from '../../test/helpers.js';
import { prepared } from './prepared.js';

for (const dialect of DIALECTS) {
  describe(`prepared queries [${dialect}]`, () => {
    let handle: TestDb & { dataDir: string };
    beforeAll(async () => {
      handle = await freshDb(dialect);
    });
    afterAll(() => handle.dispose());

    const user = (name: string) => ({ user_name: name, full_name: `Full ${name}`, email: `${name}@example.test`, password_hash: 'x', wallet_id: `w_${name}`, email_verified_at: null, role: 'user' as const, created_at: 1, updated_at: 1 });

    it('runs with each call’s values, keeps the query’s own constants, and builds once per database', async () => {
      let builds = 0;
      const insert = prepared((db, v: { name: string; email: string; walletId: string }) => {
        builds += 1;
        return db.insertInto('app_user').values({ ...user('template'), user_name: v.name, email: v.email, wallet_id: v.walletId }).returning(['id', 'user_name', 'email', 'role']);
      });
      const byName = prepared((db, v: { name: string }) => db.selectFrom('app_user').select(['id', 'email']).where('user_name', '=', v.name).where('role', '=', 'user'));

      const a = (await insert(handle.db.kysely, { name: 'prep_a', email: 'a@example.test', walletId: 'w_a' })).rows[0]!;
      const b = await handle.db.kysely.transaction().execute(async (trx) => (await insert(trx, { name: 'prep_b', email: 'b@example.test', walletId: 'w_b' })).rows[0]!);
      expect(a).toMatchObject({ user_name: 'prep_a', email: 'a@example.test', role: 'user' });
      expect(b).toMatchObject({ user_name: 'prep_b', email: 'b@example.test', role: 'user' });
      expect(builds).toBe(1); // the transaction used the plan made outside it

      expect((await byName(handle.db.kysely, { name: 'prep_b' })).rows).toEqual([{ id: b.id, email: 'b@example.test' }]);
      expect((await byName(handle.db.kysely, { name: 'prep_a' })).rows).toEqual([{ id: a.id, email: 'a@example.test' }]);
      expect((await byName(handle.db.kysely, { name: 'nobody' })).rows).toEqual([]);
    });

    it('sends the same SQL as the builder, and answers how many rows a write changed', async () => {
      const statements: string[] = [];
      const counting = handle.reopen((s) => statements.push(s));
      const rename = prepared((db, v: { id: number; fullName: string }) => db.updateTable('app_user').set({ full_name: v.fullName }).where('id', '=', v.id));
      const [row] = (await counting.kysely.insertInto('app_user').values(user('prep_c')).returning('id').execute()) as { id: number }[];
      statements.length = 0;
      const changed = await rename(counting.kysely, { id: Number(row!.id), fullName: 'Renamed' });
      expect(Number(changed.numAffectedRows)).toBe(1);
      expect(Number((await rename(counting.kysely, { id: -1, fullName: 'Nobody' })).numAffectedRows)).toBe(0);
      const built = counting.kysely.updateTable('app_user').set({ full_name: 'x' }).where('id', '=', 1).compile().sql;
      expect(statements).toEqual([built, built]);
      expect((await counting.kysely.selectFrom('app_user').select('full_name').where('id', '=', Number(row!.id)).executeTakeFirstOrThrow()).full_name).toBe('Renamed');
      await counting.close();
    });

    it('refuses a query whose build computed with a value instead of placing it', async () => {
      const computed = prepared((db, v: { name: string }) => db.selectFrom('app_user').select('id').where('user_name', '=', `${v.name}_suffix`));
      await expect(computed(handle.db.kysely, { name: 'x' })).rejects.toThrow(/a value was changed while the query was built/);
      const wrapped = prepared((db, v: { ids: number }) => db.selectFrom('app_user').select('id').where('id', 'in', [v.ids]));
      await expect(wrapped(handle.db.kysely, { ids: 1 })).resolves.toBeDefined(); // a stand-in in a list is placed as it is
    });
  });
}
