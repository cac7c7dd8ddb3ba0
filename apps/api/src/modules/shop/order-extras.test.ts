import { CARRIERS, trackingUrl } from '@parmeta/contracts';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';
import { decodeQuotedPrintable, startSmtpSink } from '../../../test/smtp-sink.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());

/** What a member sees around an order beyond paying it: the list's previews, Buy again, why it was cancelled, tracking, and the mail when it expires. */
describeEachDb(
  'shop orders: list previews, buy again, cancel reasons, tracking, expiry mail',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const post = (url: string, u: U, payload: object = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: u.auth, payload });
    const users = (n: number, par = 0) => quickUsers(ctx().db, ctx().config, n, par);
    const products = (n: number, minStock = 3) =>
      ctx().db.kysely.selectFrom('product').select(['id', 'name', 'images', 'price', 'stock']).where('stock', '>=', minStock).where('active', '=', 1).orderBy('id', 'desc').limit(n).execute();
    const create = async (u: U, list: { id: number; qty: number }[]) => {
      const res = await post('/ecommerce/CreateEcomOrder', u, { list, shipping: SHIPPING });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { orderNo: string; total: number };
    };
    const reorder = (u: U, orderNo: string) => post(`/ecommerce/ReorderItems?orderNo=${encodeURIComponent(orderNo)}`, u);
    const detail = async (u: U, orderNo: string) => (await post(`/ecommerce/GetEcomOrderDetails?orderNo=${orderNo}`, u)).json().data;

    it('lists each order with its first image, every item name and the count', async () => {
      const [u] = await users(1);
      const [a, b] = await products(2);
      const order = await create(u!, [
        { id: a!.id, qty: 2 },
        { id: b!.id, qty: 1 },
      ]);
      const list = (await post(`/ecommerce/GetEcomOrder?userId=${u!.userName}`, u!)).json().data;
      expect(list.items).toEqual([
        expect.objectContaining({ orderNo: order.orderNo, itemCount: 3, cancelReason: null, preview: { image: (JSON.parse(a!.images) as string[])[0], names: [a!.name, b!.name] } }),
      ]);
      // The original's user_order answers the same shape.
      expect((await post('/user/user_order', u!, { user_id: u!.userName })).json().data[0].preview.names).toEqual([a!.name, b!.name]);
      // And the admin's list, across customers.
      const admin = await quickAdmin(ctx().db, ctx().config);
      const adminList = (await post('/admin/orders/list', admin, { customer: u!.userName })).json().data.items;
      expect(adminList[0]).toMatchObject({ orderNo: order.orderNo, preview: { names: [a!.name, b!.name] } });
    });

    it('answers an order’s products as the shop has them now, for Buy again: price, stock, nothing sold when inactive', async () => {
      const [u] = await users(1);
      const [a, b, c] = await products(3, 5);
      const order = await create(u!, [
        { id: a!.id, qty: 1 },
        { id: b!.id, qty: 2 },
        { id: c!.id, qty: 1 },
      ]);
      // Meanwhile: a's price changes, b runs low, c is no longer sold.
      await ctx().db.kysely.updateTable('product').set({ price: a!.price + 100 }).where('id', '=', a!.id).execute();
      await ctx().db.kysely.updateTable('product').set({ stock: 1 }).where('id', '=', b!.id).execute();
      await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', c!.id).execute();
      const stockBefore = await ctx().db.kysely.selectFrom('product').select(['id', 'stock']).where('id', 'in', [a!.id, b!.id, c!.id]).orderBy('id').execute();
      const res = await reorder(u!, order.orderNo);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([
        { productId: a!.id, name: a!.name, image: (JSON.parse(a!.images) as string[])[0], qty: 1, price: (a!.price + 100) / 100, available: a!.stock - 1 },
        { productId: b!.id, name: b!.name, image: expect.any(String), qty: 2, price: b!.price / 100, available: 1 },
        { productId: c!.id, name: c!.name, image: expect.any(String), qty: 1, price: c!.price / 100, available: 0 },
      ]);
      // Reading is all it does: no stock taken, the order as it was.
      expect(await ctx().db.kysely.selectFrom('product').select(['id', 'stock']).where('id', 'in', [a!.id, b!.id, c!.id]).orderBy('id').execute()).toEqual(stockBefore);
      expect((await detail(u!, order.orderNo)).status).toBe('pending_payment');
      await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', c!.id).execute();
    });

    it('refuses Buy again for another member’s order (404, nothing of it shown) and a malformed order number (400 naming it)', async () => {
      const [alice, bob] = await users(2);
      const [a] = await products(1);
      const bobs = await create(bob!, [{ id: a!.id, qty: 1 }]);
      const theft = await reorder(alice!, bobs.orderNo);
      expect(theft.statusCode).toBe(404);
      expect(theft.body).not.toContain(a!.name);
      for (const bad of ['', 'ORD-', 'NFT-ABCDEF12', 'ORD-abc def', `ORD-${'A'.repeat(60)}`]) {
        const res = await reorder(alice!, bad);
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys(res.json().fields), bad).toEqual(['orderNo']);
      }
      const noToken = await ctx().app.inject({ method: 'POST', url: `/api/ecommerce/ReorderItems?orderNo=${bobs.orderNo}` });
      expect(noToken.statusCode).toBe(401);
    });

    it('says who cancelled an order: its buyer or the shop', async () => {
      const [u] = await users(1);
      const [a] = await products(1);
      const mine = await create(u!, [{ id: a!.id, qty: 1 }]);
      await post(`/ecommerce/CancelOrderEcom?orderNo=${mine.orderNo}`, u!);
      expect(await detail(u!, mine.orderNo)).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
      const shops = await create(u!, [{ id: a!.id, qty: 1 }]);
      expect((await detail(u!, shops.orderNo)).cancelReason).toBeNull();
      const admin = await quickAdmin(ctx().db, ctx().config);
      expect((await post('/admin/orders/cancel', admin, { orderNo: shops.orderNo })).statusCode).toBe(200);
      expect(await detail(u!, shops.orderNo)).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
    });

    it('links a shipped order’s tracking number to its carrier’s page, for every carrier the admin can choose', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [u] = await users(1, 10_000_000);
      const [a] = await products(1, 10);
      for (const carrier of CARRIERS) {
        const order = await create(u!, [{ id: a!.id, qty: 1 }]);
        expect((await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' })).statusCode).toBe(200);
        const shipped = await post('/admin/orders/ship', admin, { orderNo: order.orderNo, carrier: carrier.id, trackingNo: 'AB-1234' });
        expect(shipped.statusCode, shipped.body).toBe(200);
        const seen = await detail(u!, order.orderNo);
        expect(seen).toMatchObject({ status: 'shipped', carrier: carrier.name, trackingNo: 'AB-1234', trackingUrl: carrier.trackingUrl.replace('{trackingNo}', 'AB-1234') });
        expect(new URL(seen.trackingUrl).protocol).toBe('https:');
      }
      // Orders shipped before the list named their carrier in words: a known name still links, any other shows as typed.
      expect(trackingUrl('Thailand Post', 'EX1')).toBe('https://track.thailandpost.co.th/?trackNumber=EX1');
      expect(trackingUrl('Speedy Local Couriers', 'EX1')).toBeNull();
    });

    it('mails the buyer (over SMTP) when an unpaid order expires, once however many instances expire it', async () => {
      const [u] = await users(1);
      const [a] = await products(1);
      const order = await create(u!, [{ id: a!.id, qty: 1 }]);
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: Date.now() - 1 }).where('order_no', '=', order.orderNo).execute();
      const other = await buildApp({ config: ctx().config, db: ctx().db, logger: false });
      try {
        await Promise.all([ctx().app.services.lifecycle.expire(), other.services.lifecycle.expire(), ctx().app.services.lifecycle.expire()]);
      } finally {
        await other.close();
      }
      expect(await detail(u!, order.orderNo)).toMatchObject({ status: 'cancelled', cancelReason: 'expired', refund: null });
      const to = `${u!.userName}@example.test`;
      const queued = await ctx().db.kysely.selectFrom('mail_outbox').select(['kind', 'subject']).where('to_address', '=', to).execute();
      expect(queued).toEqual([{ kind: 'order_expired', subject: `Order ${order.orderNo} cancelled: not paid in time` }]);
      const mail = decodeQuotedPrintable((await sink.waitFor((m) => m.to.includes(to))).raw);
      expect(mail).toContain(`Subject: Order ${order.orderNo} cancelled: not paid in time`);
      expect(mail).toContain('Nothing was charged.');
      expect(mail).toContain(`/orders/${order.orderNo}`);
    });

    it('leaves a paid order alone when its old expiry time passes: no mail, no cancellation', async () => {
      const [u] = await users(1, 1_000_000);
      const [a] = await products(1);
      const order = await create(u!, [{ id: a!.id, qty: 1 }]);
      await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' });
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: Date.now() - 1 }).where('order_no', '=', order.orderNo).execute();
      await ctx().app.services.lifecycle.expire();
      expect((await detail(u!, order.orderNo)).status).toBe('paid');
      const kinds = await ctx().db.kysely.selectFrom('mail_outbox').select('kind').where('to_address', '=', `${u!.userName}@example.test`).execute();
      expect(kinds.map((k) => k.kind)).toEqual(['order_paid']);
    });
  },
  { SMTP_URL: sink.url, MAIL_POLL_MS: '100' },
  { seed: true },
);
