import { SANDBOX_CARDS, apiRoutes } from '@parmeta/contracts';
import sharp from 'sharp';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp } from '../../../test/auth-helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

describeEachDb(
  'admin',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const admin = () => quickAdmin(ctx().db, ctx().config);
    const post = (path: string, u: U | null, payload: object = {}) => ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: u?.auth ?? {}, payload });
    const upload = async (u: U) => {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
      const body = multipart({}, { field: 'img', filename: 'p.png', type: 'image/png', bytes: png });
      const res = await ctx().app.inject({ method: 'POST', url: '/api/admin/images', headers: { ...u.auth, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.url as string;
    };
    /** Audit actions written since the test began (the database is shared by the file's tests). */
    let auditStart = 0;
    const auditActions = async () => (await ctx().db.kysely.selectFrom('audit_log').select('action').where('id', '>', auditStart).orderBy('id').execute()).map((a) => a.action);
    beforeEach(async () => {
      auditStart = (await ctx().db.kysely.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0;
    });

    it('refuses every admin call to members (403) and to visitors (401)', async () => {
      const [member] = await quickUsers(ctx().db, ctx().config, 1);
      const adminPaths = Object.values(apiRoutes).filter((r) => r.path.startsWith('/admin'));
      expect(adminPaths.length).toBeGreaterThanOrEqual(20);
      for (const r of adminPaths) {
        const asMember = await ctx().app.inject({ method: r.method, url: `/api${r.path}`, headers: member!.auth, payload: {} });
        expect(asMember.statusCode, r.path).toBe(403);
        const asVisitor = await ctx().app.inject({ method: r.method, url: `/api${r.path}`, payload: {} });
        expect(asVisitor.statusCode, r.path).toBe(401);
      }
      expect(await auditActions()).toEqual([]);
    });

    it('creates, edits and restocks a product with an uploaded image; each change is audited', async () => {
      const a = await admin();
      const url = await upload(a);
      expect(url).toMatch(/^\/media\/products\/[0-9a-f]{24}-800\.webp$/);
      expect((await ctx().app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const fields = { name: 'Test Lamp', slug: 'test-lamp', description: 'A warm lamp.', category: 'electronics', price: 19.99, stock: 3, active: true, images: [url] };
      const created = await post('/admin/products/create', a, fields);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      expect(created.json().data).toMatchObject({ name: 'Test Lamp', price: 19.99, stock: 3, active: true, category: { slug: 'electronics' } });
      const dup = await post('/admin/products/create', a, fields);
      expect(dup.statusCode).toBe(409);
      expect(dup.json().fields.slug).toBeDefined();
      const bad = await post('/admin/products/create', a, { ...fields, slug: 'Bad Slug!', price: -1 });
      expect(bad.statusCode).toBe(400);
      const edited = await post('/admin/products/update', a, { ...fields, id, price: 24.5, active: false });
      expect(edited.json().data).toMatchObject({ price: 24.5, active: false });
      expect((await post('/admin/products/detail', a, { id })).json().data).toMatchObject({ id, price: 24.5 });
      expect((await post('/admin/products/detail', a, { id: 999999 })).statusCode).toBe(404);
      const stocked = await post('/admin/products/stock', a, { id, stock: 40 });
      expect(stocked.json().data.stock).toBe(40);
      const listed = await post('/admin/products/list', a, { search: 'test lamp' });
      expect(listed.json().data.items.map((p: { id: number }) => p.id)).toEqual([id]);
      expect(await auditActions()).toEqual(['product.create', 'product.update', 'product.stock']);
      const log = (await post('/admin/audit/list', a)).json().data.items;
      expect(log[0]).toMatchObject({ admin: a.userName, action: 'product.stock', target: `product:${id}`, before: { stock: 3 }, after: { stock: 40 } });
      const cat = await post('/admin/categories/save', a, { slug: 'garden', name: 'Garden', position: 8 });
      expect(cat.json().data).toMatchObject({ slug: 'garden', productCount: 0 });
    });

    it('mints an NFT into the platform, edits it, and refuses to reprice a member-owned one', async () => {
      const a = await admin();
      const url = await upload(a);
      await post('/admin/collections/save', a, { slug: 'test-drops', name: 'Test Drops', description: 'x' });
      const minted = await post('/admin/nfts/create', a, { name: 'Drop #1', slug: 'drop-1', description: 'First drop', collection: 'test-drops', image: url, price: 12.5, attributes: [{ trait_type: 'Rarity', value: 'Rare' }], listed: true });
      expect(minted.statusCode, minted.body).toBe(201);
      expect(minted.json().data).toMatchObject({ owner: 'ParMeta', listed: true, price: 12.5 });
      const id = minted.json().data.id as number;
      const [buyer] = await quickUsers(ctx().db, ctx().config, 1, 10_000);
      const { orderNo } = (await post('/gx/GenerateOrderNft', buyer!, { nftId: id })).json().data;
      await post('/gx/confirmOrdernft', buyer!, { orderNo });
      const reprice = await post('/admin/nfts/update', a, { name: 'Drop #1', slug: 'drop-1', description: 'Renamed', collection: 'test-drops', image: url, price: 99, attributes: [], listed: true });
      expect(reprice.statusCode).toBe(400); // id missing
      const refused = await post('/admin/nfts/update', a, { id, name: 'Drop #1', slug: 'drop-1', description: 'First drop', collection: 'test-drops', image: url, price: 99, attributes: [], listed: false });
      expect(refused.statusCode).toBe(422);
      const meta = await post('/admin/nfts/update', a, { id, name: 'Drop #1 (signed)', slug: 'drop-1', description: 'First drop', collection: 'test-drops', image: url, price: 12.5, attributes: [], listed: false });
      expect(meta.json().data).toMatchObject({ name: 'Drop #1 (signed)', owner: buyer!.userName });
      expect((await post('/admin/nfts/detail', a, { id })).json().data.name).toBe('Drop #1 (signed)');
      expect(await auditActions()).toEqual(['collection.create', 'nft.mint', 'nft.update']);
    });

    it('advances orders paid -> shipped (mailed with tracking) -> delivered, refuses illegal steps, cancels with refund', async () => {
      const a = await admin();
      const [customer] = await quickUsers(ctx().db, ctx().config, 1, 1_000_000);
      const p = await ctx().db.kysely.selectFrom('product').select('id').where('stock', '>=', 3).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      const order = (await post('/ecommerce/CreateEcomOrder', customer!, { list: [{ id: p.id, qty: 1 }], shipping: SHIPPING })).json().data;
      expect((await post('/admin/orders/ship', a, { orderNo: order.orderNo, carrier: 'thailand-post', trackingNo: 'TH123456' })).statusCode).toBe(422);
      await post('/ecommerce/paid_order', customer!, { orderNo: order.orderNo, method: 'par' });
      expect((await post('/admin/orders/deliver', a, { orderNo: order.orderNo })).statusCode).toBe(422);
      const listed = await post('/admin/orders/list', a, { status: 'paid', customer: customer!.userName.slice(0, 6) });
      expect(listed.json().data.items.map((o: { orderNo: string }) => o.orderNo)).toContain(order.orderNo);
      // Only a carrier the shop ships with: its tracking page is known.
      const unknown = await post('/admin/orders/ship', a, { orderNo: order.orderNo, carrier: 'Thai Post', trackingNo: 'TH123456' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ carrier: 'choose one of the carriers the shop ships with' });
      const shipped = await post('/admin/orders/ship', a, { orderNo: order.orderNo, carrier: 'thailand-post', trackingNo: 'TH123456' });
      const trackingUrl = 'https://track.thailandpost.co.th/?trackNumber=TH123456';
      expect(shipped.json().data).toMatchObject({ status: 'shipped', carrier: 'Thailand Post', trackingNo: 'TH123456', trackingUrl });
      const mail = await ctx().db.kysely.selectFrom('mail_outbox').select(['subject', 'text']).where('kind', '=', 'order_shipped').where('to_address', '=', `${customer!.userName}@example.test`).executeTakeFirstOrThrow();
      expect(mail.text).toContain('TH123456');
      expect(mail.text).toContain(`Track it with Thailand Post: ${trackingUrl}`);
      expect((await post('/admin/orders/cancel', a, { orderNo: order.orderNo })).statusCode).toBe(422);
      expect((await post('/admin/orders/deliver', a, { orderNo: order.orderNo })).json().data.status).toBe('delivered');
      const seen = await ctx().app.inject({ method: 'POST', url: `/api/ecommerce/GetEcomOrderDetails?orderNo=${order.orderNo}`, headers: customer!.auth });
      expect(seen.json().data.history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'paid', 'shipped', 'delivered']);

      const second = (await post('/ecommerce/CreateEcomOrder', customer!, { list: [{ id: p.id, qty: 1 }], shipping: SHIPPING })).json().data;
      await post('/ecommerce/paid_order', customer!, { orderNo: second.orderNo, method: 'par' });
      const before = (await post('/gx/Userdata', customer!)).json().data.balances.par as number;
      const cancelled = await post('/admin/orders/cancel', a, { orderNo: second.orderNo });
      expect(cancelled.json().data.status).toBe('cancelled');
      expect((await post('/gx/Userdata', customer!)).json().data.balances.par).toBe(Math.round((before + second.total) * 100) / 100);
      expect(await auditActions()).toEqual(['order.ship', 'order.deliver', 'order.cancel']);
      await expectLedgerConsistent(ctx().db);
    });

    it('settles withdrawals: completing keeps the par out; failing returns it; each once, audited and mailed', async () => {
      const a = await admin();
      const [member] = await quickUsers(ctx().db, ctx().config, 1, 10_000);
      const w1 = (await post('/gx/transfer_par_off', member!, { amount: 20, destination: '0x' + 'ab'.repeat(20) })).json().data.payout;
      const w2 = (await post('/gx/transfer_par_off', member!, { amount: 30, destination: '0x' + 'cd'.repeat(20) })).json().data.payout;
      const pending = await post('/admin/payouts/list', a, { status: 'pending' });
      expect(pending.json().data.total).toBe(2);
      const dash = (await post('/admin/dashboard', a)).json().data;
      expect(dash.pendingPayouts).toEqual({ count: 2, amount: 50 });
      expect(dash.lowStock.length).toBeGreaterThan(0);
      const done = await post('/admin/payouts/complete', a, { id: w1.id });
      expect(done.json().data).toMatchObject({ status: 'completed', userName: member!.userName });
      expect((await post('/admin/payouts/complete', a, { id: w1.id })).statusCode).toBe(422);
      const noReason = await post('/admin/payouts/fail', a, { id: w2.id, reason: '' });
      expect(noReason.statusCode).toBe(400);
      const failed = await post('/admin/payouts/fail', a, { id: w2.id, reason: 'The address is not accepted' });
      expect(failed.json().data).toMatchObject({ status: 'failed', failureReason: 'The address is not accepted' });
      expect((await post('/gx/Userdata', member!)).json().data.balances.par).toBe(100 - 20);
      const mails = await ctx().db.kysely.selectFrom('mail_outbox').select('kind').where('to_address', '=', `${member!.userName}@example.test`).orderBy('id').execute();
      expect(mails.map((m) => m.kind)).toEqual(['payout_completed', 'payout_failed']);
      expect(await auditActions()).toEqual(['payout.complete', 'payout.fail']);
      const history = (await ctx().app.inject({ method: 'POST', url: `/api/gx/SelTransactionPayment?userId=${member!.userName}`, headers: member!.auth })).json().data.items;
      expect(history[0]).toMatchObject({ type: 'payout_failed', amounts: { par: 30 } });
      await expectLedgerConsistent(ctx().db);
    });

    it('card-paid orders cancelled by an admin are refunded to the card', async () => {
      const a = await admin();
      const [customer] = await quickUsers(ctx().db, ctx().config, 1);
      const p = await ctx().db.kysely.selectFrom('product').select('id').where('stock', '>=', 3).where('active', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const order = (await post('/ecommerce/CreateEcomOrder', customer!, { list: [{ id: p.id, qty: 1 }], shipping: SHIPPING })).json().data;
      const tok = (await ctx().app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'C' } })).json().data.token;
      await post('/ecommerce/paid_order', customer!, { orderNo: order.orderNo, method: 'card', cardToken: tok });
      await post('/admin/orders/cancel', a, { orderNo: order.orderNo });
      const charge = await ctx().db.kysely.selectFrom('gateway_charge').select(['amount', 'refunded']).where('token', '=', tok).executeTakeFirstOrThrow();
      expect(charge.refunded).toBe(charge.amount);
    });
  },
  {},
  { seed: true },
);
