import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { uniqueName } from '../../../test/auth-helpers.js';

/**
 * Each category's kept count of active products (migration 0067) against a count of the
 * products themselves, after every kind of change the triggers must follow.
 */
describeEachDb(
  'category counts kept by the database',
  (ctx) => {
  const db = () => ctx().db.kysely;
  const kept = async () => Object.fromEntries((await db().selectFrom('product_category as c').leftJoin('category_count as n', 'n.category_id', 'c.id').select(['c.id', 'n.active_products']).execute()).map((c) => [c.id, Number(c.active_products ?? 0)]));
  const counted = async () => {
    const { rows } = await sql<{ id: number; n: number }>`select c.id, (select count(*) from product p where p.category_id = c.id and p.active = 1) as n from product_category c`.execute(db());
    return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
  };
  const expectInStep = async () => expect(await kept()).toEqual(await counted());
  const categories = async () => (await db().selectFrom('product_category').select('id').orderBy('id').execute()).map((c) => Number(c.id));

  it('follows products added in bulk, switched off and on, moved, repriced and removed', async () => {
    await expectInStep();
    const [a, b] = await categories();
    const tag = uniqueName('cc');
    const now = Date.now();
    // One statement, several rows (the statement triggers on PostgreSQL count them together).
    await sql`insert into product (slug, name, description, category_id, images, price, stock, active, created_at, updated_at) values
      (${`${tag}-1`}, 'Count one', 'x', ${a}, '[]', 100, 1, 1, ${now}, ${now}),
      (${`${tag}-2`}, 'Count two', 'x', ${a}, '[]', 100, 1, 1, ${now}, ${now}),
      (${`${tag}-3`}, 'Count three', 'x', ${b}, '[]', 100, 1, 0, ${now}, ${now})`.execute(db());
    await expectInStep();
    const ids = (await db().selectFrom('product').select('id').where('slug', 'like', `${tag}-%`).orderBy('slug').execute()).map((p) => Number(p.id));
    const [one, two, three] = ids as [number, number, number];
    await db().updateTable('product').set({ active: 0 }).where('id', '=', one).execute();
    await expectInStep();
    await db().updateTable('product').set({ active: 1 }).where('id', '=', three).execute();
    await expectInStep();
    await db().updateTable('product').set({ category_id: b }).where('id', '=', two).execute();
    await expectInStep();
    // Moved while switched off, then back on in the same statement as a move.
    await db().updateTable('product').set({ category_id: b }).where('id', '=', one).execute();
    await db().updateTable('product').set({ category_id: a, active: 1 }).where('id', '=', one).execute();
    await expectInStep();
    // Stock and price leave the counts alone (and fire nothing on them).
    await db().updateTable('product').set({ stock: 0, price: 250 }).where('id', 'in', ids).execute();
    await expectInStep();
    await db().updateTable('product').set({ active: 1 }).where('id', 'in', ids).execute();
    await expectInStep();
    await db().deleteFrom('product').where('id', 'in', [one, three]).execute();
    await expectInStep();
    await db().deleteFrom('product').where('id', '=', two).execute();
    await expectInStep();
  });

  it('stays right when many transactions move products between two categories at once, in both directions', async () => {
    const [a, b] = await categories();
    const tag = uniqueName('ccr');
    const now = Date.now();
    for (let i = 0; i < 12; i += 1) {
      await sql`insert into product (slug, name, description, category_id, images, price, stock, active, created_at, updated_at)
        values (${`${tag}-${i}`}, 'Mover', 'x', ${i % 2 === 0 ? a : b}, '[]', 100, 1, 1, ${now}, ${now})`.execute(db());
    }
    const movers = await db().selectFrom('product').select(['id', 'category_id']).where('slug', 'like', `${tag}-%`).execute();
    // Each product flips category three times, every flip its own transaction, all at once.
    await Promise.all(
      movers.flatMap((p) =>
        [0, 1, 2].map((round) =>
          db()
            .transaction()
            .execute(async (trx) => {
              const to = (Number(p.category_id) === a) === (round % 2 === 0) ? b : a;
              await trx.updateTable('product').set({ category_id: to }).where('id', '=', p.id).execute();
              await trx.updateTable('product').set({ active: round === 1 ? 0 : 1 }).where('id', '=', p.id).execute();
            }),
        ),
      ),
    );
    await expectInStep();
    await db().deleteFrom('product').where('slug', 'like', `${tag}-%`).execute();
    await expectInStep();
  });
},
  {},
  { seed: true },
);
