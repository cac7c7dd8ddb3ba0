import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { CatalogSearch } from './catalog-search.service.js';
import { catalogPage, searchTerms, type CatalogQuery } from './catalog.repository.js';
import { changesMark, pageAndChanges } from './search-index.repository.js';

/**
 * The in-memory search index (docs/decisions/0079) against the database it mirrors: the same
 * matches and counts as the SQL search, and every change seen by the next search, whoever made
 * it and in whatever order concurrent transactions commit.
 */
describeEachDb(
  'catalog search index',
  (ctx) => {
    const q = (search: string, rest: Partial<CatalogQuery> = {}): CatalogQuery => ({ terms: searchTerms(search), category: 'all', sort: 'relevance', limit: 100, offset: 0, ...rest });
    const answer = async (s: CatalogSearch, query: CatalogQuery) => {
      const found = await s.search(query);
      if (!found) throw new Error('the index answered nothing');
      return { ids: found.items.map((p) => p.id), categories: found.categories };
    };
    const sqlAnswer = async (query: CatalogQuery) => {
      const { rows, categories } = await catalogPage(ctx().db.reads, ctx().dialect, query);
      return { ids: rows.map((r) => Number(r.id)), categories: categories.map((c) => ({ ...c, count: Number(c.count) })) };
    };
    const firstCategory = () => ctx().db.kysely.selectFrom('product_category').select(['id', 'slug']).orderBy('position').executeTakeFirstOrThrow();
    const addProduct = async (name: string, description = 'A thing.') => {
      const c = await firstCategory();
      const now = Date.now();
      const { id } = await ctx()
        .db.kysely.insertInto('product')
        .values({ category_id: c.id, slug: `s-${name.toLowerCase().replace(/\W+/g, '-')}-${now}`, name, description, images: '["/demo/x.webp"]', price: 1200, stock: 3, active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    };
    const rename = (id: number, name: string) => ctx().db.kysely.updateTable('product').set({ name }).where('id', '=', id).execute();
    /** Writes to a product in a transaction kept open until the returned function commits it: a later transaction can commit first. */
    const openWrite = async (id: number, values: Record<string, unknown>): Promise<() => Promise<void>> => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const wrote = new Promise<void>((r) => (written = r));
      const done = ctx().db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('product').set(values).where('id', '=', id).execute();
        written();
        await held;
      });
      await wrote;
      return async () => {
        release();
        await done;
      };
    };

    it('matches and counts what the SQL search does, in every order and filter', async () => {
      const s = new CatalogSearch(ctx().db);
      const c = await firstCategory();
      // '' is the list without words: every product, the newest first as its best match.
      for (const search of ['', 'wirel', 'wireless headph', 'for', 'cotton', 'steel', 'a', 'zzqqxx']) {
        for (const rest of [{}, { priceFrMinor: 2000, priceToMinor: 8000 }, { category: c.slug }, { category: 'no-such-category' }] as Partial<CatalogQuery>[]) {
          const mine = await answer(s, q(search, rest));
          const theirs = await sqlAnswer(q(search, rest));
          expect(mine.categories, search).toEqual(theirs.categories);
          expect([...mine.ids].sort(), search).toEqual([...theirs.ids].sort());
          for (const sort of search === '' ? (['relevance', 'price_asc', 'price_desc', 'newest'] as const) : (['price_asc', 'price_desc', 'newest'] as const)) {
            expect((await answer(s, q(search, { ...rest, sort }))).ids, `${search} ${sort}`).toEqual((await sqlAnswer(q(search, { ...rest, sort }))).ids);
          }
        }
      }
    });

    it('sees a change made by another process or around the API at its next search, categories included', async () => {
      const a = new CatalogSearch(ctx().db);
      const b = new CatalogSearch(ctx().handle.reopen(() => {}));
      await a.start();
      await b.start();
      const id = await addProduct('Vrillish Kettle');
      expect((await answer(a, q('vrill'))).ids).toEqual([id]);
      expect((await answer(b, q('vrill'))).ids).toEqual([id]);
      await rename(id, 'Plain Kettle');
      expect((await answer(b, q('vrill'))).ids).toEqual([]);
      const c = await firstCategory();
      await ctx().db.kysely.updateTable('product_category').set({ name: 'Renamed Aisle' }).where('id', '=', c.id).execute();
      expect((await answer(b, q('plain kettle'))).categories.find((x) => x.slug === c.slug)).toMatchObject({ name: 'Renamed Aisle', count: 1 });
      await ctx().db.kysely.deleteFrom('product').where('id', '=', id).execute();
      expect((await answer(a, q('plain kettle'))).ids).toEqual([]);
      expect((await answer(b, q('plain kettle'))).ids).toEqual([]);
    });

    it('lists without words over more products than it reads for them are answered in SQL (no answer here); searches still here', async () => {
      const s = new CatalogSearch(ctx().db, undefined, undefined, 3);
      expect(await s.search(q(''))).toBeUndefined();
      expect(await s.search(q('', { sort: 'price_asc', priceFrMinor: 100 }))).toBeUndefined();
      expect((await answer(s, q('cotton'))).ids.length).toBeGreaterThan(0);
      const all = new CatalogSearch(ctx().db);
      expect((await answer(all, q(''))).ids.length).toBeGreaterThan(3);
    });

    it('reads one change more than it has applied with a page, and sees the rest of a bulk change through its sync', async () => {
      const s = new CatalogSearch(ctx().db);
      await s.start();
      const mark = await changesMark(ctx().db.reads, ctx().dialect);
      const ids: number[] = [];
      for (const name of ['Bulkwise One', 'Bulkwise Two', 'Bulkwise Three']) ids.push(await addProduct(name));
      const { changes, rows } = await pageAndChanges(ctx().db.quick, ctx().dialect, mark, ids, 2);
      expect(changes).toHaveLength(2);
      expect(rows.map((r) => Number(r.id)).sort()).toEqual([...ids].sort());
      expect((await answer(s, q('bulkwise'))).ids.sort()).toEqual([...ids].sort());
    });

    type Shown = { id: number; slug: string; price: number; priceMax: number | null; image: string; stock: number; stockState: string; rating: { count: number }; category: { name: string } };
    const shown = async (s: CatalogSearch, query: CatalogQuery): Promise<Shown[]> => {
      const found = await s.search(query);
      if (!found) throw new Error('the index answered nothing');
      return found.items.map((p) => JSON.parse(p.json) as Shown);
    };
    /** What SQL says a list shows of these products, as the shelf's products show it. */
    const shownInSql = async (ids: number[]) => {
      const rows = await ctx().db.kysely.selectFrom('product').select(['id', 'slug', 'price', 'price_max', 'images', 'stock', 'rating_count']).where('id', 'in', ids).orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), slug: r.slug, price: Number(r.price) / 100, priceMax: r.price_max === null ? null : Number(r.price_max) / 100, image: (JSON.parse(r.images) as string[])[0], stock: Number(r.stock), rating: Number(r.rating_count) }));
    };
    const asInSql = (items: Shown[]) => items.map((p) => ({ id: p.id, slug: p.slug, price: p.price, priceMax: p.priceMax, image: p.image, stock: p.stock, rating: p.rating.count })).sort((x, y) => x.id - y.id);

    it('shows stock, pictures, ratings, variant prices and slugs changed by another process or around the API at its next search', async () => {
      const a = new CatalogSearch(ctx().db);
      const b = new CatalogSearch(ctx().handle.reopen(() => {}));
      const id = await addProduct('Quillon Stool');
      expect(await shown(a, q('quillon'))).toMatchObject([{ id, stock: 3, stockState: 'low_stock' }]);
      expect(await shown(b, q('quillon'))).toMatchObject([{ id, stock: 3 }]);
      const set = (values: Record<string, unknown>) => ctx().db.kysely.updateTable('product').set(values).where('id', '=', id).execute();
      for (const [values, seen] of [
        [{ stock: 0 }, { stock: 0, stockState: 'out_of_stock' }],
        [{ stock: 40 }, { stock: 40, stockState: 'in_stock' }],
        [{ images: '["/demo/other.webp","/demo/x.webp"]' }, { image: '/demo/other.webp' }],
        [{ rating_count: 2, rating_sum: 9 }, { rating: { count: 2 } }],
        [{ price_max: 2500 }, { price: 12, priceMax: 25 }],
        [{ slug: `quillon-stool-${id}` }, { slug: `quillon-stool-${id}` }],
      ] as const) {
        await set(values);
        expect(await shown(b, q('quillon')), JSON.stringify(values)).toMatchObject([{ id, ...seen }]);
        expect(await shown(a, q('quillon')), JSON.stringify(values)).toMatchObject([{ id, ...seen }]);
      }
      const c = await firstCategory();
      await ctx().db.kysely.updateTable('product_category').set({ name: 'Stools and Seats' }).where('id', '=', c.id).execute();
      expect(await shown(b, q('quillon'))).toMatchObject([{ id, category: { name: 'Stools and Seats' } }]);
    });

    it("reads a page's products once: then one statement reads only what changed, and pages asked for together share it", async () => {
      const statements: string[] = [];
      const s = new CatalogSearch(ctx().handle.reopen((text) => statements.push(text)));
      await s.start();
      await answer(s, q('cotton'));
      statements.length = 0;
      await answer(s, q('cotton'));
      expect(statements).toHaveLength(1);
      expect(statements[0]).not.toMatch(/from product\b/);
      statements.length = 0;
      const together = await Promise.all(['cotton', 'steel', 'wirel', '', 'cotton sh'].map((words) => answer(s, q(words))));
      expect(together.every((t) => t.categories.length > 0)).toBe(true);
      expect(statements, statements.join('\n')).toHaveLength(1);
      // A stock change is a change: the next page syncs, and shows it.
      const { id } = await ctx().db.kysely.selectFrom('product').select('id').where('active', '=', 1).where('name', 'like', '%otton%').executeTakeFirstOrThrow();
      await ctx().db.kysely.updateTable('product').set({ stock: 77 }).where('id', '=', id).execute();
      expect((await shown(s, q('cotton'))).find((p) => p.id === Number(id))?.stock).toBe(77);
    });

    it('misses no stock change when transactions commit in another order than they started (PostgreSQL)', async () => {
      if (ctx().dialect !== 'postgres') return; // SQLite's writers take turns: they commit in the order they write
      const s = new CatalogSearch(ctx().db);
      const early = await addProduct('Orvane Lamp');
      const late = await addProduct('Orvane Stand');
      await s.start();
      expect((await shown(s, q('orvane'))).map((p) => p.stock)).toEqual([3, 3]);
      const commit = await openWrite(early, { stock: 11 });
      await ctx().db.kysely.updateTable('product').set({ stock: 22 }).where('id', '=', late).execute();
      expect(asInSql(await shown(s, q('orvane'))).map((p) => [p.id, p.stock])).toEqual([[early, 3], [late, 22]]);
      await commit();
      expect(asInSql(await shown(s, q('orvane'))).map((p) => [p.id, p.stock])).toEqual([[early, 11], [late, 22]]);
    });

    it('a large catalog is searched in SQL (no answer here) until its index is built', async () => {
      const s = new CatalogSearch(ctx().db, undefined, 0);
      expect(await s.search(q('cotton'))).toBeUndefined();
      await s.start();
      expect((await answer(s, q('cotton'))).ids.length).toBeGreaterThan(0);
    });

    it('at start-up, a large catalog starts building its index; a small one waits for its first search', async () => {
      const large = new CatalogSearch(ctx().db, undefined, 10);
      await large.warm();
      for (let i = 0; i < 200 && !large.ready; i++) await new Promise((r) => setTimeout(r, 10));
      expect(large.ready).toBe(true);
      const small = new CatalogSearch(ctx().db);
      await small.warm();
      expect(small.ready).toBe(false);
      await answer(small, q('cotton'));
      expect(small.ready).toBe(true);
    });

    it('misses no change when transactions commit in another order than they started (PostgreSQL)', async () => {
      if (ctx().dialect !== 'postgres') return; // SQLite's writers take turns: they commit in the order they write
      const s = new CatalogSearch(ctx().db);
      const early = await addProduct('Ambrel Lamp');
      const late = await addProduct('Bosquin Lamp');
      await s.start();
      // The first transaction changes its product, then waits while a later one commits.
      const commit = await openWrite(early, { name: 'Ambrel Quenlight' });
      await ctx().db.kysely.transaction().execute((trx) => trx.updateTable('product').set({ name: 'Bosquin Quenlight' }).where('id', '=', late).execute());
      expect((await answer(s, q('quenl'))).ids).toEqual([late]);
      await commit();
      expect((await answer(s, q('quenl'))).ids.sort()).toEqual([early, late].sort());
    });

    it('agrees with the database, and shows what it holds, after writes and searches raced each other', async () => {
      const s = new CatalogSearch(ctx().db);
      await s.start();
      const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => addProduct(`Tessarine Item ${i}`)));
      const set = (id: number, values: Record<string, unknown>) => ctx().db.kysely.updateTable('product').set(values).where('id', '=', id).execute();
      const writes = ids.map(async (id, i) => {
        for (let round = 0; round < 4; round++) {
          if (i % 5 === 0) await rename(id, `Tessarine Item ${i} r${round}`);
          else if (i % 5 === 1) await set(id, { active: round % 2 });
          else if (i % 5 === 2) await set(id, { price: 1000 + round * 500 });
          else if (i % 5 === 3) await set(id, { stock: round * 3 });
          else await set(id, { images: `["/demo/t${round}.webp"]` });
        }
      });
      const searches = Array.from({ length: 12 }, () => s.search(q('tessar', { sort: 'price_asc' })));
      await Promise.all([...writes, ...searches]);
      for (const query of [q('tessar', { sort: 'price_asc' }), q('tessar item r3'), q('tessar', { priceFrMinor: 2000 })]) {
        const mine = await answer(s, query);
        const theirs = await sqlAnswer(query);
        expect(mine.categories).toEqual(theirs.categories);
        expect([...mine.ids].sort()).toEqual([...theirs.ids].sort());
      }
      const listed = await shown(s, q('tessar'));
      expect(asInSql(listed)).toEqual(await shownInSql(listed.map((p) => p.id)));
      await ctx().db.kysely.deleteFrom('product').where('id', 'in', ids).execute();
      expect((await answer(s, q('tessar'))).ids).toEqual([]);
    });
  },
  {},
  { seed: true },
);
