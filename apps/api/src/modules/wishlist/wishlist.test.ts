import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

type U = { auth: Record<string, string>; userName: string; id: number };

/** Wishlists and back-in-stock requests: each member's own, and one mail per request when stock comes back. */
describeEachDb(
  'wishlist and back-in-stock mail',
  (ctx) => {
    const call = (method: 'GET' | 'POST', url: string, u: U | { auth: Record<string, string> }, payload?: object) =>
      ctx().app.inject({ method, url: `/api${url}`, headers: u.auth, ...(payload ? { payload } : {}) });
    const wish = (u: U, productId: unknown, wished: unknown = true) => call('POST', '/ecommerce/wishlist/set', u, { productId, wished });
    const alert = (u: U, productId: unknown, wanted: unknown = true) => call('POST', '/ecommerce/stock-alert/set', u, { productId, wanted });
    const marks = async (u: U) => (await call('GET', '/ecommerce/wishlist/marks', u)).json().data as { wished: number[]; alerts: number[] };
    const members = (n: number) => quickUsers(ctx().db, ctx().config, n, 1_000_000);
    let seq = 0;
    const product = async (stock: number) => {
      const now = Date.now();
      const cat = await ctx().db.kysely.selectFrom('product_category').select('id').orderBy('id').executeTakeFirstOrThrow();
      seq += 1;
      const row = await ctx()
        .db.kysely.insertInto('product')
        .values({ slug: `wish-test-${seq}-${now}`, name: `Wish test ${seq}`, description: 'For wishes', category_id: cat.id, images: '["/x.webp"]', price: 1000, stock, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const mails = async (u: U) =>
      (await ctx().db.kysely.selectFrom('mail_outbox').select(['subject', 'html']).where('kind', '=', 'back_in_stock').where('to_address', '=', `${u.userName}@example.test`).execute()).map((m) => m.subject);
    const setStock = (admin: U, id: number, stock: number) => call('POST', '/admin/products/stock', admin, { id, stock });
    const order = async (u: U, id: number, qty = 1) => {
      const res = await call('POST', '/ecommerce/CreateEcomOrder', u, { list: [{ id, qty }], shipping: SHIPPING });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.orderNo as string;
    };
    const cancel = (u: U, orderNo: string) => call('POST', `/ecommerce/CancelOrderEcom?orderNo=${orderNo}`, u);

    it('keeps a heart per member and product: set twice is once, off is off, and the list shows the product as sold now', async () => {
      const [a, b] = await members(2);
      const p1 = await product(5);
      const p2 = await product(0);
      expect((await wish(a!, p1)).json()).toMatchObject({ status: true, data: { productId: p1, wished: true } });
      expect((await wish(a!, p1)).statusCode).toBe(200);
      await wish(a!, p2);
      expect(await marks(a!)).toEqual({ wished: expect.arrayContaining([p1, p2]), alerts: [], variantAlerts: [] });
      // Another member's marks and list are their own.
      expect(await marks(b!)).toEqual({ wished: [], alerts: [], variantAlerts: [] });
      expect((await call('GET', '/ecommerce/wishlist', b!)).json().data.items).toEqual([]);
      const list = (await call('GET', '/ecommerce/wishlist', a!)).json().data.items;
      expect(list.map((i: { product: { id: number } }) => i.product.id).sort()).toEqual([p1, p2].sort());
      expect(list.find((i: { product: { id: number } }) => i.product.id === p2)).toMatchObject({ product: { stockState: 'out_of_stock', rating: { average: null, count: 0 } }, alertRequested: false });
      // A product no longer sold drops out of the list (and comes back with it).
      await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', p2).execute();
      expect((await call('GET', '/ecommerce/wishlist', a!)).json().data.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([p1]);
      await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', p2).execute();
      // b taking "their" heart off touches nothing of a's.
      await wish(b!, p1, false);
      expect((await marks(a!)).wished).toContain(p1);
      expect((await wish(a!, p1, false)).json().data).toEqual({ productId: p1, wished: false });
      expect((await wish(a!, p1, false)).statusCode).toBe(200);
      expect((await marks(a!)).wished).toEqual([p2]);
    });

    it('refuses bad input (400 naming the field), unknown products (404) and callers without a session (401); nothing changes', async () => {
      const [a] = await members(1);
      const p = await product(0);
      for (const [payload, field] of [
        [{ productId: 'x', wished: true }, 'productId'],
        [{ productId: -1, wished: true }, 'productId'],
        [{ productId: p, wished: 'yes' }, 'wished'],
        [{ productId: p }, 'wished'],
        [{ productId: p, wished: true, userId: 3 }, 'userId'],
      ] as const) {
        const res = await call('POST', '/ecommerce/wishlist/set', a!, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().msg).toContain(field);
      }
      for (const payload of [{ productId: p, wanted: 1 }, { productId: 0, wanted: true }, { wanted: true }]) expect((await call('POST', '/ecommerce/stock-alert/set', a!, payload)).statusCode).toBe(400);
      expect((await wish(a!, 99_999_999)).statusCode).toBe(404);
      expect((await alert(a!, 99_999_999)).statusCode).toBe(404);
      expect((await call('GET', '/ecommerce/wishlist', { auth: {} })).statusCode).toBe(401);
      expect((await call('POST', '/ecommerce/wishlist/set', { auth: {} }, { productId: p, wished: true })).statusCode).toBe(401);
      expect(await marks(a!)).toEqual({ wished: [], alerts: [], variantAlerts: [] });
    });

    it('takes a request only for a product out of stock, once; an admin restock 0 -> 5 mails each requester exactly once', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [a, b, c] = await members(3);
      const inStock = await product(3);
      const refused = await alert(a!, inStock);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('BUSINESS_RULE');
      const p = await product(0);
      expect((await alert(a!, p)).json().data).toEqual({ productId: p, variantId: null, wanted: true });
      expect((await alert(a!, p)).statusCode).toBe(200); // asked twice: still one request
      await alert(b!, p);
      await alert(c!, p);
      await alert(c!, p, false); // c changes their mind
      expect((await marks(a!)).alerts).toEqual([p]);
      expect(await ctx().db.kysely.selectFrom('stock_alert').select('id').where('product_id', '=', p).execute()).toHaveLength(2);

      expect((await setStock(admin, p, 5)).statusCode).toBe(200);
      expect(await mails(a!)).toEqual([expect.stringContaining('is back in stock')]);
      expect(await mails(b!)).toHaveLength(1);
      expect(await mails(c!)).toEqual([]);
      expect((await marks(a!)).alerts).toEqual([]);
      // More stock later, or out and back in, sends nothing more for a request already answered.
      await setStock(admin, p, 8);
      await setStock(admin, p, 0);
      await setStock(admin, p, 2);
      expect(await mails(a!)).toHaveLength(1);
      // A new request after it ran out again is a new request: one more mail.
      await setStock(admin, p, 0);
      await alert(a!, p);
      await setStock(admin, p, 1);
      expect(await mails(a!)).toHaveLength(2);
    });

    it('mails when a cancellation or an expiry puts stock back; an edit that leaves the product unsold or at 0 sends nothing', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [buyer, waiter] = await members(2);
      const p = await product(1);
      const orderNo = await order(buyer!, p);
      await alert(waiter!, p);
      expect((await cancel(buyer!, orderNo)).statusCode).toBe(200);
      expect(await mails(waiter!)).toHaveLength(1);

      // Expiry.
      const again = await order(buyer!, p);
      await alert(waiter!, p);
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: Date.now() - 1000 }).where('order_no', '=', again).execute();
      expect(await ctx().app.services.lifecycle.expire()).toBeGreaterThanOrEqual(1);
      expect(await mails(waiter!)).toHaveLength(2);

      // Stock set, but the product taken out of the shop in the same edit: not back. Put back on sale: back.
      await setStock(admin, p, 0);
      await alert(waiter!, p);
      const fields = { name: 'Wish test edited', slug: `wish-edit-${p}`, description: 'For wishes', category: (await ctx().db.kysely.selectFrom('product_category').select('slug').orderBy('id').executeTakeFirstOrThrow()).slug, price: 10, images: ['/demo/x.webp'] };
      expect((await call('POST', '/admin/products/update', admin, { id: p, ...fields, stock: 4, active: false })).statusCode).toBe(200);
      expect(await mails(waiter!)).toHaveLength(2);
      expect((await call('POST', '/admin/products/update', admin, { id: p, ...fields, stock: 0, active: true })).statusCode).toBe(200);
      expect(await mails(waiter!)).toHaveLength(2);
      expect((await call('POST', '/admin/products/update', admin, { id: p, ...fields, stock: 4, active: true })).statusCode).toBe(200);
      expect(await mails(waiter!)).toHaveLength(3);
    });

    it('sends exactly one mail per request when restocks and returns race (Promise.all over HTTP)', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const buyers = await members(3);
      const waiters = await members(4);
      for (let round = 0; round < 3; round++) {
        const p = await product(3);
        const orders = await Promise.all(buyers.map((u) => order(u, p)));
        expect((await ctx().db.kysely.selectFrom('product').select('stock').where('id', '=', p).executeTakeFirstOrThrow()).stock).toBe(0);
        for (const w of waiters) expect((await alert(w, p)).statusCode).toBe(200);
        const before = await Promise.all(waiters.map((w) => mails(w)));
        // Three cancellations and two admin restocks of the same product, all at once.
        const results = await Promise.all([...buyers.map((u, i) => cancel(u, orders[i]!)), setStock(admin, p, 10), setStock(admin, p, 7)]);
        for (const r of results) expect(r.statusCode, r.body).toBe(200);
        const after = await Promise.all(waiters.map((w) => mails(w)));
        expect(after.map((m, i) => m.length - before[i]!.length)).toEqual([1, 1, 1, 1]);
        expect(await ctx().db.kysely.selectFrom('stock_alert').select('id').where('product_id', '=', p).where('notified_at', 'is', null).execute()).toEqual([]);
      }
    });

    it('answers a request and a restock racing each other with exactly one outcome: a request refused as in stock, or one mail', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const waiters = await members(4);
      for (let round = 0; round < 3; round++) {
        const p = await product(0);
        const before = await Promise.all(waiters.map((w) => mails(w)));
        const [restock, ...asks] = await Promise.all([setStock(admin, p, 5), ...waiters.map((w) => alert(w, p))]);
        expect(restock!.statusCode).toBe(200);
        const after = await Promise.all(waiters.map((w) => mails(w)));
        asks.forEach((res, i) => {
          const mailed = after[i]!.length - before[i]!.length;
          // Took the request before the restock: mailed once. After it: refused (it is in stock), no mail.
          if (res.statusCode === 200) expect(mailed).toBe(1);
          else {
            expect(res.statusCode).toBe(422);
            expect(mailed).toBe(0);
          }
        });
        expect(await ctx().db.kysely.selectFrom('stock_alert').select('id').where('product_id', '=', p).where('notified_at', 'is', null).execute()).toEqual([]);
      }
    });
  },
  {},
  { seed: true },
);
