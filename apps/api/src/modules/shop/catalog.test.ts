import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';

describeEachDb(
  'shop catalog',
  (ctx) => {
    type U = { auth: Record<string, string> };
    const list = async (u: U, body: object = {}) => {
      const res = await ctx().app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: u.auth, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { id: number; name: string; price: number; category: { slug: string }; stockState: string }[]; total: number; categories: { slug: string; count: number }[] };
    };
    const user = async () => (await quickUsers(ctx().db, ctx().config, 1))[0]!;

    it('needs a session and lists the demo catalog with per-category counts in display order', async () => {
      expect((await ctx().app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', payload: {} })).statusCode).toBe(401);
      const u = await user();
      const all = await list(u, { pageSize: 100 });
      expect(all.total).toBe(50);
      expect(all.items).toHaveLength(50);
      expect(all.categories).toHaveLength(7);
      expect(all.categories.reduce((s, c) => s + c.count, 0)).toBe(50);
      const first = all.categories[0]!;
      const inCat = await list(u, { category: first.slug, pageSize: 100 });
      expect(inCat.total).toBe(first.count);
      expect(inCat.items.every((p) => p.category.slug === first.slug)).toBe(true);
      expect(inCat.categories).toEqual(all.categories); // counts ignore the category filter itself
    });

    it('filters by price range and sorts by price both ways, paginating without overlap', async () => {
      const u = await user();
      const band = await list(u, { priceFr: 20, priceTo: 100, pageSize: 100 });
      expect(band.items.length).toBeGreaterThan(0);
      expect(band.items.every((p) => p.price >= 20 && p.price <= 100)).toBe(true);
      const up = await list(u, { sort: 'price_asc', pageSize: 100 });
      expect(up.items.map((p) => p.price)).toEqual([...up.items.map((p) => p.price)].sort((a, b) => a - b));
      const down = await list(u, { sort: 'price_desc', pageSize: 100 });
      expect(down.items[0]!.price).toBe(Math.max(...up.items.map((p) => p.price)));
      const p1 = await list(u, { sort: 'price_asc', pageSize: 20, page: 1 });
      const p3 = await list(u, { sort: 'price_asc', pageSize: 20, page: 3 });
      expect(p3.items).toHaveLength(10);
      expect(p3.total).toBe(50);
      expect(p1.items.map((p) => p.id).filter((id) => p3.items.some((q) => q.id === id))).toEqual([]);
      const past = await list(u, { page: 9 });
      expect(past.items).toEqual([]);
      expect(past.total).toBe(50);
    });

    it('full-text search: prefix matching on name and description, every word required, names ranked first', async () => {
      const u = await user();
      const wireless = await list(u, { search: 'wirel', pageSize: 100 });
      expect(wireless.total).toBeGreaterThan(1);
      const rows = await ctx().db.kysely.selectFrom('product').select(['name', 'description']).execute();
      const expected = rows.filter((r) => /\bwirel/i.test(r.name) || /\bwirel/i.test(r.description)).length;
      expect(wireless.total).toBe(expected);
      // products with the word in the name come before those that only mention it
      const firstDescOnly = wireless.items.findIndex((p) => !/wirel/i.test(p.name));
      const lastNamed = wireless.items.map((p) => /wirel/i.test(p.name)).lastIndexOf(true);
      if (firstDescOnly !== -1) expect(lastNamed).toBeLessThan(firstDescOnly);
      const two = await list(u, { search: 'wireless headph', pageSize: 100 });
      const both = rows.filter((r) => /\bwireless/i.test(`${r.name} ${r.description}`) && /\bheadph/i.test(`${r.name} ${r.description}`)).map((r) => r.name);
      expect(both.length).toBeGreaterThan(0);
      expect(two.items.map((p) => p.name).sort()).toEqual(both.sort());
      expect((await list(u, { search: 'zzqqxx' })).total).toBe(0);
      // query syntax is not interpreted: quotes, operators and SQL are just words
      for (const search of ['"', 'a OR b', "'; drop table product; --", 'NEAR(', '*', '-']) {
        const res = await list(u, { search });
        expect(res.total).toBeGreaterThanOrEqual(0);
      }
      expect((await ctx().db.kysely.selectFrom('product').select('id').execute()).length).toBe(50);
    });

    it('search with filters: counts per category, price band, category, price order and pages agree with the rows', async () => {
      const u = await user();
      const rows = await ctx()
        .db.kysely.selectFrom('product as p')
        .innerJoin('product_category as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.name', 'p.description', 'p.price', 'p.active', 'c.slug'])
        .execute();
      const matches = (word: string) => rows.filter((r) => r.active === 1 && new RegExp(`\\b${word}`, 'i').test(`${r.name} ${r.description}`));
      const word = 'for'; // a prefix found in many descriptions, across categories
      const all = matches(word);
      expect(all.length).toBeGreaterThan(10);

      const found = await list(u, { search: word, pageSize: 100 });
      expect(found.total).toBe(all.length);
      for (const c of found.categories) expect(c.count, c.slug).toBe(all.filter((r) => r.slug === c.slug).length);

      const band = all.filter((r) => r.price >= 2000 && r.price <= 8000);
      const banded = await list(u, { search: word, priceFr: 20, priceTo: 80, sort: 'price_asc', pageSize: 100 });
      expect(banded.items.map((p) => p.id)).toEqual([...band].sort((a, b) => a.price - b.price || a.id - b.id).map((r) => r.id));
      const down = await list(u, { search: word, sort: 'price_desc', pageSize: 100 });
      expect(down.items.map((p) => p.id)).toEqual([...all].sort((a, b) => b.price - a.price || a.id - b.id).map((r) => r.id));

      const cat = found.categories.find((c) => c.count > 0)!;
      const inCat = await list(u, { search: word, category: cat.slug, pageSize: 100 });
      expect(inCat.total).toBe(cat.count);
      expect(inCat.items.every((p) => p.category.slug === cat.slug)).toBe(true);
      expect(inCat.categories).toEqual(found.categories); // counts ignore the category filter itself
      const unknown = await list(u, { search: word, category: 'no-such-category' });
      expect(unknown.items).toEqual([]);
      expect(unknown.total).toBe(0);
      expect(unknown.categories).toEqual(found.categories);

      // pages of the ranked list follow each other without gaps or overlaps
      const pages = [];
      for (let page = 1; page <= Math.ceil(all.length / 7); page++) pages.push(...(await list(u, { search: word, pageSize: 7, page })).items.map((p) => p.id));
      expect(pages).toEqual(found.items.map((p) => p.id));
    });

    it('a ranked search puts the best match first: the word in the name and often, over a passing mention', async () => {
      const u = await user();
      const [c] = await ctx().db.kysely.selectFrom('product_category').select('id').limit(1).execute();
      const now = Date.now();
      const base = { category_id: c!.id, images: '["/demo/x.webp"]', price: 1000, stock: 5, active: 1, created_at: now, updated_at: now };
      // Inserted directly (cache aside: a new query, so nothing cached can hide them).
      await ctx()
        .db.kysely.insertInto('product')
        .values([
          { ...base, slug: 'qx-mention', name: 'Plain Box', description: 'A box. Ships with a quoxel sticker somewhere in the middle of a long description of the box and its many uses.' },
          { ...base, slug: 'qx-named', name: 'Quoxel Quoxel Lamp', description: 'A quoxel lamp.' },
          { ...base, slug: 'qx-inactive', name: 'Quoxel Quoxel Quoxel', description: 'quoxel', active: 0 },
        ])
        .execute();
      const ranked = await list(u, { search: 'quox' });
      expect(ranked.items.map((p) => p.name)).toEqual(['Quoxel Quoxel Lamp', 'Plain Box']);
      expect(ranked.total).toBe(2);
      expect((await list(u, { search: 'quoxel lamp' })).items.map((p) => p.name)).toEqual(['Quoxel Quoxel Lamp']);
      await ctx().db.kysely.deleteFrom('product').where('slug', 'like', 'qx-%').execute();
    });

    it('search indexes (migrations 0008, 0010): SQLite reads prices through a covering index, the PostgreSQL GIN index has no pending list', async () => {
      if (ctx().dialect === 'sqlite') {
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and name = 'product_match'`.execute(ctx().db.kysely);
        expect(rows[0]?.sql).toMatch(/\(\s*"?id"?\s*,\s*"?active"?\s*,\s*"?category_id"?\s*,\s*"?price"?\s*\)/);
      } else {
        const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname = 'product_search_words' and relnamespace = current_schema()::regnamespace`.execute(ctx().db.kysely);
        expect(rows[0]?.reloptions).toContain('fastupdate=off');
      }
    });

    it('a category page newest first walks the (active, category_id, id) index and stops after its page (migration 0068)', async () => {
      const cols = ctx().dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from pragma_index_info('product_category_newest') order by seqno`.execute(ctx().db.kysely)
        : await sql<{ name: string }>`select a.attname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) where c.relname = 'product_category_newest' and c.relnamespace = current_schema()::regnamespace order by array_position(i.indkey, a.attnum)`.execute(ctx().db.kysely);
      expect(cols.rows.map((r) => r.name)).toEqual(['active', 'category_id', 'id']);
      if (ctx().dialect === 'sqlite') {
        // Walked in id order (this index, or the newest-first one filtered by category: SQLite
        // picks by its statistics), never the category's products sorted ("USE TEMP B-TREE").
        const { rows } = await sql<{ detail: string }>`explain query plan select p.id from product p join product_category c on c.id = p.category_id
          where p.active = 1 and p.category_id = (select id from product_category where slug = 'fashion') order by p.id desc limit 20`.execute(ctx().db.kysely);
        const plan = rows.map((r) => r.detail).join(' | ');
        expect(plan).toMatch(/product_category_newest|product_newest/);
        expect(plan).not.toContain('TEMP B-TREE');
      }
    });

    it('the search index follows a product: renamed, moved to another category, repriced, deactivated, reactivated, deleted', async () => {
      const u = await user();
      const [a, b] = await ctx().db.kysely.selectFrom('product_category').select(['id', 'slug']).orderBy('position').limit(2).execute();
      const now = Date.now();
      const { id } = await ctx()
        .db.kysely.insertInto('product')
        .values({ category_id: a!.id, slug: 'zf-item', name: 'Zorbflux Kettle', description: 'A kettle.', images: '["/demo/x.webp"]', price: 1500, stock: 3, active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const update = (values: Record<string, unknown>) => ctx().db.kysely.updateTable('product').set(values).where('id', '=', id).execute();
      // The writes go around the service, so each search asks with a new price floor (a few
      // cents): a query new to the answer cache, answered from the database.
      let n = 0;
      const where = async (search: string, body: object = {}) => {
        const found = await list(u, { search, pageSize: 100, priceFr: Number((++n / 100).toFixed(2)), ...body });
        return { ids: found.items.map((p) => p.id), counts: Object.fromEntries(found.categories.filter((c) => c.count > 0).map((c) => [c.slug, c.count])) };
      };
      expect(await where('zorbf')).toEqual({ ids: [id], counts: { [a!.slug]: 1 } });
      await update({ name: 'Quillon Kettle' });
      expect((await where('zorbf')).ids).toEqual([]);
      expect((await where('quillon')).ids).toEqual([id]);
      await update({ category_id: b!.id });
      expect(await where('quillon')).toEqual({ ids: [id], counts: { [b!.slug]: 1 } });
      await update({ price: 9900 });
      expect((await where('quillon', { priceTo: 50 })).ids).toEqual([]);
      expect((await where('quillon', { priceTo: 100 })).ids).toEqual([id]);
      await update({ stock: 0 });
      expect((await where('quillon')).ids).toEqual([id]);
      await update({ active: 0 });
      expect(await where('quillon')).toEqual({ ids: [], counts: {} });
      await update({ active: 1 });
      expect((await where('quillon')).ids).toEqual([id]);
      await ctx().db.kysely.deleteFrom('product').where('id', '=', id).execute();
      expect(await where('quillon')).toEqual({ ids: [], counts: {} });
    });

    it('answers a product with its stock state, and 400/404 for bad ids', async () => {
      const u = await user();
      const [p] = (await list(u, { pageSize: 1 })).items;
      const detail = await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/product/${p!.id}`, headers: u.auth });
      expect(detail.json().data).toMatchObject({ id: p!.id, images: expect.any(Array), description: expect.any(String), stockState: expect.stringMatching(/stock/) });
      expect((await ctx().app.inject({ method: 'GET', url: '/api/ecommerce/product/999999', headers: u.auth })).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/ecommerce/product/abc', headers: u.auth })).statusCode).toBe(400);
      const out = await ctx().db.kysely.selectFrom('product').select('id').where('stock', '=', 0).executeTakeFirstOrThrow();
      expect((await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/product/${out.id}`, headers: u.auth })).json().data.stockState).toBe('out_of_stock');
    });

    it('refuses bad filters with 400 naming the field', async () => {
      const u = await user();
      for (const [body, field] of [
        [{ priceFr: 'cheap' }, 'priceFr'],
        [{ pageSize: 1000 }, 'pageSize'],
        [{ page: 0 }, 'page'],
        [{ sort: 'random' }, 'sort'],
        [{ search: 'x'.repeat(101) }, 'search'],
      ] as const) {
        const res = await ctx().app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: u.auth, payload: body });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().fields)).toContain(field);
      }
    });

    it('the public featured endpoint answers products and NFTs without a session', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/public/featured' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.products).toHaveLength(8);
      expect(res.json().data.nfts).toHaveLength(4);
    });

    it('a page of the list, with words or without, runs one SQL statement when nothing changed since the last', async () => {
      const statements: string[] = [];
      const counting = ctx().handle.reopen((s) => statements.push(s));
      const app = await buildApp({ config: ctx().config, db: counting, logger: false });
      const u = await user();
      await app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: u.auth, payload: {} }); // warm the session check
      // The first search builds this process's search index (docs/decisions/0079): every product read once.
      await app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: u.auth, payload: { search: 'steel' } });
      for (const payload of [{ search: 'cotton', category: 'all', priceFr: 1, sort: 'relevance' }, { sort: 'price_asc', page: 2, pageSize: 5 }]) {
        statements.length = 0;
        const res = await app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', headers: u.auth, payload });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.items.length).toBeGreaterThan(0);
        // Counted wherever they run: the page's products, read with what changed since the last
        // sync (nothing) in one statement (docs/decisions/0080).
        const catalog = statements.filter((s) => !/auth_session/.test(s));
        expect(catalog.length, catalog.join('\n')).toBe(1);
      }
      await app.close();
      await counting.close();
    });
  },
  {},
  { seed: true },
);
