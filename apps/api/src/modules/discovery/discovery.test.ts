import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { ALSO_BOUGHT_MIN_BUYERS } from './related.service.js';

type Auth = Record<string, string>;
type Suggest = { products: { id: number; name: string; category: { slug: string } }[]; categories: { slug: string; name: string }[] };
type Summary = { id: number; name: string; category: { slug: string } };

const suggest = (ctx: TestApp, q: string, auth: Auth = {}) => ctx.app.inject({ method: 'GET', url: `/api/ecommerce/suggest?q=${encodeURIComponent(q)}`, headers: auth });
const related = (ctx: TestApp, id: number | string, auth: Auth = {}) => ctx.app.inject({ method: 'GET', url: `/api/ecommerce/product/${id}/related`, headers: auth });

/** A paid (or other) order of these products by this member, written as the order flow leaves it. */
async function order(ctx: TestApp, userId: number, productIds: number[], status: 'paid' | 'delivered' | 'cancelled' | 'pending_payment' = 'paid') {
  const now = Date.now();
  const row = await ctx.db.kysely
    .insertInto('shop_order')
    .values({ order_no: `ORD-T${randomBytes(5).toString('hex').toUpperCase()}`, user_id: userId, status, subtotal: 100, discount: 0, shipping_fee: 0, total: 100, shipping: '{}', note: '', expires_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .insertInto('shop_order_line')
    .values(productIds.map((id) => ({ order_id: row.id, product_id: id, name: 'x', image: '', unit_price: 100, qty: 1 })))
    .execute();
}

describeEachDb('search suggestions and related products', (ctx) => {
  const member = async () => (await quickUsers(ctx().db, ctx().config, 1))[0]!;
  const products = () => ctx().db.kysely.selectFrom('product').select(['id', 'name', 'category_id', 'active']).where('active', '=', 1).orderBy('id').execute();

  it('suggests products whose name starts with the text first, then names with words starting with each typed word, and matching categories', async () => {
    const u = await member();
    const all = await products();
    const first = all[0]!;
    const typed = first.name.slice(0, 3);
    const res = await suggest(ctx(), typed.toUpperCase(), u.auth);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Suggest;
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(6);
    const lower = typed.toLowerCase();
    const starts = all.filter((p) => p.name.toLowerCase().startsWith(lower));
    // Every suggestion matches; those starting with the text come first.
    const startIdx = data.products.map((p) => p.name.toLowerCase().startsWith(lower));
    expect(startIdx.slice(0, Math.min(starts.length, 6)).every(Boolean)).toBe(true);
    for (const p of data.products) expect(p.name.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(lower)) || p.name.toLowerCase().startsWith(lower)).toBe(true);

    // Two words: each must start a word of the name, in any order.
    const words = all.map((p) => p.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).find((w) => w.length >= 2)!;
    const two = (await suggest(ctx(), `${words[1]!.slice(0, 2)} ${words[0]!.slice(0, 3)}`, u.auth)).json().data as Suggest;
    expect(two.products.length).toBeGreaterThan(0);

    // A category by a word of its name.
    const cat = await ctx().db.kysely.selectFrom('product_category').select(['slug', 'name']).orderBy('position').executeTakeFirstOrThrow();
    const byCat = (await suggest(ctx(), cat.name.slice(0, 3), u.auth)).json().data as Suggest;
    expect(byCat.categories).toContainEqual({ slug: cat.slug, name: cat.name });
  });

  it('drops a deactivated product from the next suggestion, and answers nothing for text without letters or digits', async () => {
    const u = await member();
    const [p] = await products();
    const q = p!.name.slice(0, 4);
    expect(((await suggest(ctx(), q, u.auth)).json().data as Suggest).products.map((x) => x.id)).toContain(p!.id);
    await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', p!.id).execute();
    ctx().app.services.catalog.changed();
    expect(((await suggest(ctx(), q, u.auth)).json().data as Suggest).products.map((x) => x.id)).not.toContain(p!.id);
    await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', p!.id).execute();
    ctx().app.services.catalog.changed();
    expect((await suggest(ctx(), '%_', u.auth)).json().data).toEqual({ products: [], categories: [] });
    expect((await suggest(ctx(), 'zzqqxxnothing', u.auth)).json().data).toEqual({ products: [], categories: [] });
  });

  it('follows renames and deactivations in the name words (a word of the name, not its start)', async () => {
    const u = await member();
    const [, p] = await products();
    const ids = async (q: string) => ((await suggest(ctx(), q, u.auth)).json().data as Suggest).products.map((x) => x.id);
    await ctx().db.kysely.updateTable('product').set({ name: 'Quixotic Zephyrgadget' }).where('id', '=', p!.id).execute();
    ctx().app.services.catalog.changed();
    expect(await ids('zephyrg')).toEqual([p!.id]);
    expect(await ids('zeph quix')).toEqual([p!.id]);
    await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', p!.id).execute();
    ctx().app.services.catalog.changed();
    expect(await ids('zephyrg')).toEqual([]);
    await ctx().db.kysely.updateTable('product').set({ name: p!.name, active: 1 }).where('id', '=', p!.id).execute();
    ctx().app.services.catalog.changed();
    expect(await ids('zephyrg')).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and a visitor with 401 while the catalog is closed', async () => {
    const u = await member();
    for (const url of ['/api/ecommerce/suggest', '/api/ecommerce/suggest?q=a', `/api/ecommerce/suggest?q=${'a'.repeat(101)}`, '/api/ecommerce/suggest?q=ab&x=1']) {
      const res = await ctx().app.inject({ method: 'GET', url, headers: u.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    }
    expect((await suggest(ctx(), 'wi')).statusCode).toBe(401);
    expect((await related(ctx(), 1)).statusCode).toBe(401);
    for (const id of ['0', '-1', 'abc', '1.5']) expect((await related(ctx(), id, u.auth)).statusCode, id).toBe(400);
    expect((await related(ctx(), 999_999, u.auth)).statusCode).toBe(404);
  });

  it('relates products of the same category first, never the product itself, and only active ones', async () => {
    const u = await member();
    const all = await products();
    const p = all[0]!;
    const res = await related(ctx(), p.id, u.auth);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { related: Summary[]; alsoBought: Summary[] };
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.length).toBeLessThanOrEqual(8);
    expect(data.related.map((r) => r.id)).not.toContain(p.id);
    const sameCategory = all.filter((x) => x.category_id === p.category_id && x.id !== p.id).length;
    const catSlug = (await ctx().db.kysely.selectFrom('product_category').select('slug').where('id', '=', p.category_id).executeTakeFirstOrThrow()).slug;
    const inCat = data.related.map((r) => r.category.slug === catSlug);
    // The same category's products come before any other, as many as there are (up to 8).
    expect(inCat.slice(0, Math.min(sameCategory, 8)).every(Boolean)).toBe(true);
    expect(inCat.slice(Math.min(sameCategory, 8)).some(Boolean)).toBe(false);
    expect(new Set(data.related.map((r) => r.id)).size).toBe(data.related.length);
    expect(data.alsoBought).toEqual([]);

    const hidden = data.related[0]!;
    await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', hidden.id).execute();
    ctx().app.services.catalog.changed();
    const after = (await related(ctx(), p.id, u.auth)).json().data as { related: Summary[] };
    expect(after.related.map((r) => r.id)).not.toContain(hidden.id);
    expect((await related(ctx(), hidden.id, u.auth)).statusCode).toBe(404);
    await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', hidden.id).execute();
    ctx().app.services.catalog.changed();
  });

  it(`shows what customers also bought once ${ALSO_BOUGHT_MIN_BUYERS} different members bought both in paid orders`, async () => {
    const all = await products();
    const [a, b, c] = [all[10]!, all[20]!, all[30]!];
    const buyers = await quickUsers(ctx().db, ctx().config, ALSO_BOUGHT_MIN_BUYERS + 1);
    // Below the threshold: one member buying both twice, another once; unpaid and cancelled orders never count.
    await order(ctx(), buyers[0]!.id, [a.id, b.id]);
    await order(ctx(), buyers[0]!.id, [a.id, b.id], 'delivered');
    await order(ctx(), buyers[1]!.id, [a.id, b.id, c.id]);
    await order(ctx(), buyers[2]!.id, [a.id, b.id], 'cancelled');
    await order(ctx(), buyers[3]!.id, [a.id, b.id], 'pending_payment');
    // Fresh services see the orders (what was bought together is kept 10 minutes).
    const fresh = (await import('./related.service.js')).RelatedService;
    const service = new fresh(ctx().db, 0);
    const read = async (id: number) => JSON.parse((await service.related(id)).text) as { alsoBought: Summary[] };
    expect((await read(a.id)).alsoBought).toEqual([]);
    await order(ctx(), buyers[2]!.id, [b.id, a.id]);
    expect((await read(a.id)).alsoBought.map((x) => x.id)).toEqual([b.id]);
    expect((await read(b.id)).alsoBought.map((x) => x.id)).toEqual([a.id]);
    // Bought by two only: not shown.
    expect((await read(c.id)).alsoBought).toEqual([]);
    // A product no longer sold is not offered.
    await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', b.id).execute();
    expect((await read(a.id)).alsoBought).toEqual([]);
    await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', b.id).execute();
  });
}, {}, { seed: true });
