import { MAX_CART_LINES } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { applyCartRule } from './cart.service.js';

describe('the original cart rule, server side', () => {
  const exists = () => true;
  it('removes below 1, updates a known id, appends an unknown one, in order', () => {
    const start = [
      { id: 1, qty: 1, position: 0 },
      { id: 2, qty: 3, position: 1 },
    ];
    const out = applyCartRule(start, [{ id: 2, qty: 5 }, { id: 3, qty: 1 }, { id: 1, qty: 0 }, { id: 4, qty: -2 }], 2, exists);
    expect(out.lines.map(({ id, qty }) => ({ id, qty }))).toEqual([
      { id: 2, qty: 5 },
      { id: 3, qty: 1 },
    ]);
    expect(out.nextPosition).toBe(3);
    // Products that no longer exist are not appended.
    expect(applyCartRule([], [{ id: 9, qty: 1 }], 0, () => false).lines).toEqual([]);
  });
});

describeEachDb(
  'the cart kept per account',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const post = (url: string, u: U | null, payload?: object) => ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: u?.auth ?? {}, ...(payload ? { payload } : {}) });
    const products = async (n: number) => (await ctx().db.kysely.selectFrom('product').select('id').orderBy('id').limit(n).execute()).map((p) => Number(p.id));
    const cartOf = async (u: U) => (await post('/ecommerce/cart', u)).json().data as { list: { id: number; qty: number }[]; version: number; shipping: { fee: number; freeFrom: number } };

    it('keeps the cart on the server, merges a browser cart by the original rules, and answers the free-shipping rule', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const [a, b, c] = await products(3);
      expect(await cartOf(u!)).toEqual({ list: [], version: 0, shipping: { fee: 5, freeFrom: 50 } });
      const first = await post('/ecommerce/cart/update', u!, { list: [{ id: a, qty: 1 }, { id: b, qty: 2 }] });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ list: [{ id: a, qty: 1 }, { id: b, qty: 2 }], version: 1 });
      // Signing in on another device: its cart merges in.
      const merged = await post('/ecommerce/cart/update', u!, { list: [{ id: b, qty: 5 }, { id: c, qty: 1 }, { id: a, qty: 0 }, { id: 999_999, qty: 1 }] });
      expect(merged.json().data).toMatchObject({ list: [{ id: b, qty: 5 }, { id: c, qty: 1 }], version: 2 });
      expect((await cartOf(u!)).list).toEqual([{ id: b, qty: 5 }, { id: c, qty: 1 }]);
    });

    it.each([
      [{ list: [] }, 'list'],
      [{ list: [{ id: 0, qty: 1 }] }, 'list.0.id'],
      [{ list: [{ id: 1, qty: 100 }] }, 'list.0.qty'],
      [{ list: [{ id: 1, qty: 1.5 }] }, 'list.0.qty'],
      [{ list: [{ id: 1 }] }, 'list.0.qty'],
      [{ list: [{ id: 1, qty: 1, price: 0 }] }, 'list.0'],
      [{ list: [{ id: 1, qty: 1 }], user_id: 'x' }, 'request'],
    ])('refuses %j with 400 naming the field and changes nothing', async (payload, field) => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const res = await post('/ecommerce/cart/update', u!, payload);
      expect(res.statusCode).toBe(400);
      if (field !== 'request') expect(Object.keys(res.json().fields ?? {}).some((k) => k.startsWith(field)), res.body).toBe(true);
      expect(await cartOf(u!)).toMatchObject({ list: [], version: 0 });
    });

    it(`stops at ${MAX_CART_LINES} different products with a clear message`, async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const { db } = ctx();
      const template = await db.kysely.selectFrom('product').selectAll().orderBy('id').executeTakeFirstOrThrow();
      const now = Date.now();
      for (let i = (await products(MAX_CART_LINES + 1)).length; i <= MAX_CART_LINES; i++) {
        const { id: _id, ...rest } = template;
        await db.kysely.insertInto('product').values({ ...rest, slug: `cart-limit-${i}-${now}`, name: `Cart limit ${i}`, created_at: now, updated_at: now }).execute();
      }
      const ids = await products(MAX_CART_LINES + 1);
      expect(ids).toHaveLength(MAX_CART_LINES + 1);
      expect((await post('/ecommerce/cart/update', u!, { list: ids.slice(0, MAX_CART_LINES).map((id) => ({ id, qty: 1 })) })).statusCode).toBe(200);
      const over = await post('/ecommerce/cart/update', u!, { list: [{ id: ids[MAX_CART_LINES]!, qty: 1 }] });
      expect(over.statusCode).toBe(422);
      expect(over.json().msg).toMatch(/at most 50 different products/);
    });

    it("is each member's own: needs a session, and one member's changes never touch another's cart", async () => {
      const [alice, bob] = await quickUsers(ctx().db, ctx().config, 2);
      const [a] = await products(1);
      await post('/ecommerce/cart/update', bob!, { list: [{ id: a!, qty: 3 }] });
      expect((await post('/ecommerce/cart', null)).statusCode).toBe(401);
      expect((await post('/ecommerce/cart/update', null, { list: [{ id: a, qty: 1 }] })).statusCode).toBe(401);
      expect((await cartOf(alice!)).list).toEqual([]);
      await post('/ecommerce/cart/update', alice!, { list: [{ id: a!, qty: 0 }] });
      expect((await cartOf(bob!)).list).toEqual([{ id: a, qty: 3 }]);
    });

    it('two devices changing the cart at once: every change applies, one after the other', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const ids = await products(12);
      // Twelve devices each add their own product while two others keep setting the first one.
      const answers = await Promise.all([
        ...ids.map((id) => post('/ecommerce/cart/update', u!, { list: [{ id, qty: 2 }] })),
        post('/ecommerce/cart/update', u!, { list: [{ id: ids[0]!, qty: 7 }] }),
        post('/ecommerce/cart/update', u!, { list: [{ id: ids[0]!, qty: 9 }] }),
      ]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const versions = answers.map((a) => a.json().data.version as number).sort((x, y) => x - y);
      // Each change saw the one before it: the versions are 1..14 with no two the same.
      expect(versions).toEqual(Array.from({ length: ids.length + 2 }, (_, i) => i + 1));
      const cart = await cartOf(u!);
      expect(cart.version).toBe(ids.length + 2);
      expect(cart.list.map((l) => l.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      // The first product's quantity is whichever change came last.
      const last = answers.reduce((best, a) => (a.json().data.version > best.json().data.version ? a : best));
      expect(cart.list.find((l) => l.id === ids[0])!.qty).toBe(last.json().data.list.find((l: { id: number }) => l.id === ids[0]).qty);
    });
  },
  {},
  { seed: true },
);
