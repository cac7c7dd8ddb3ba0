import { SANDBOX_CARDS } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp } from '../../../test/auth-helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';
import { assertTransition } from './order-lifecycle.service.js';

describeEachDb(
  'shop orders',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const post = (url: string, u: U, payload: object = {}, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: { ...u.auth, ...headers }, payload });
    const users = (n: number, par = 0) => quickUsers(ctx().db, ctx().config, n, par);
    const product = async (minStock = 1, minPrice = 0) =>
      ctx().db.kysely.selectFrom('product').selectAll().where('stock', '>=', minStock).where('price', '>=', minPrice).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const stockOf = async (id: number) => (await ctx().db.kysely.selectFrom('product').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    const create = (u: U, list: object[], headers: Record<string, string> = {}) => post('/ecommerce/CreateEcomOrder', u, { list, shipping: SHIPPING, note: 'Leave at the door' }, headers);
    const par = async (u: U) => (await post('/gx/Userdata', u)).json().data.balances as { par: number; premium: number };
    const cardToken = async (number: string) =>
      (await ctx().app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Buyer' } })).json().data.token as string;

    /** A new buyer's one-item order, paid with a sandbox card that succeeds. */
    const paidByCard = async () => {
      const [u] = await users(1);
      const order = (await create(u!, [{ id: (await product(1)).id, qty: 1 }])).json().data;
      const token = await cardToken(SANDBOX_CARDS.success);
      expect((await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'card', cardToken: token })).statusCode).toBe(200);
      return { u: u!, order, token };
    };

    it('prices every line from the database, ignoring client prices, and reserves the stock', async () => {
      const [u] = await users(1);
      const p = await product(3);
      const before = await stockOf(p.id);
      const res = await create(u!, [{ id: p.id, qty: 2, price: 0.01, name: 'cheap' }]);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data;
      expect(order).toMatchObject({ status: 'pending_payment', userId: u!.userName, itemCount: 2, note: 'Leave at the door' });
      expect(order.orderNo).toMatch(/^ORD-/);
      expect(order.lines[0]).toMatchObject({ productId: p.id, unitPrice: p.price / 100, qty: 2, name: p.name });
      const subtotal = p.price * 2;
      const shipping = subtotal >= 5000 ? 0 : 500;
      expect(order.price).toEqual({ subtotal: subtotal / 100, discount: 0, shipping: shipping / 100, total: (subtotal + shipping) / 100 });
      expect(await stockOf(p.id)).toBe(before - 2);
      const priced = await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/GetPriceOrder?orderNo=${order.orderNo}`, headers: u!.auth });
      expect(priced.json().data).toEqual(order.price);
    });

    it('applies the member-class discount and free shipping from the threshold', async () => {
      const [u] = await users(1);
      await ctx().db.kysely.updateTable('app_user').set({ lifetime_spend: 250_000 }).where('id', '=', u!.id).execute(); // gold: 5%
      const p = await product(2, 6_000);
      const order = (await create(u!, [{ id: p.id, qty: 1 }])).json().data;
      const discount = Math.floor((p.price * 500) / 10_000);
      expect(order.price).toEqual({ subtotal: p.price / 100, discount: discount / 100, shipping: 0, total: (p.price - discount) / 100 });
    });

    it('answers 409 naming the product when stock is short, and takes nothing', async () => {
      const [u] = await users(1);
      const a = await product(2);
      const out = await ctx().db.kysely.selectFrom('product').selectAll().where('stock', '=', 0).executeTakeFirstOrThrow();
      const before = await stockOf(a.id);
      const res = await create(u!, [{ id: a.id, qty: 1 }, { id: out.id, qty: 1 }]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: false, code: 'OUT_OF_STOCK' });
      expect(res.json().msg).toContain(out.name);
      expect(await stockOf(a.id)).toBe(before);
    });

    it('refuses an order for an account closed since its session was checked, and takes no stock', async () => {
      const [u] = await users(1);
      const a = await product(2);
      const before = await stockOf(a.id);
      // Once to have the session's check kept; then the account closes under it (closing's own revocation is what usually ends it).
      expect((await create(u!, [{ id: a.id, qty: 1 }])).statusCode).toBe(201);
      await ctx().db.kysely.updateTable('app_user').set({ deleted_at: Date.now() }).where('id', '=', u!.id).execute();
      const res = await create(u!, [{ id: a.id, qty: 1 }]);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toBe('This account no longer exists.');
      expect(await stockOf(a.id)).toBe(before - 1);
    });

    it.each([
      [{ list: [] }, 'list'],
      [{ list: [{ id: 1, qty: 0 }] }, 'list.0.qty'],
      [{ list: [{ id: 1, qty: 1.5 }] }, 'list.0.qty'],
      [{ list: [{ id: 1, qty: 100 }] }, 'list.0.qty'],
      [{ list: [{ id: -1, qty: 1 }] }, 'list.0.id'],
      [{ list: [{ id: 1, qty: 1 }], shipping: { ...SHIPPING, shipping_email: 'nope' } }, 'shipping.shipping_email'],
      [{ list: [{ id: 1, qty: 1 }], shipping: { ...SHIPPING, shipping_contact: '123' } }, 'shipping.shipping_contact'],
      [{ list: [{ id: 1, qty: 1 }], shipping: { ...SHIPPING, shipping_country: { value: 'QQ' } } }, 'shipping.shipping_country.value'],
    ])('refuses bad orders with 400 naming the field: %j', async (patch, field) => {
      const [u] = await users(1);
      const count = async () => (await ctx().db.kysely.selectFrom('shop_order').select('id').execute()).length;
      const before = await count();
      const base: Record<string, unknown> = { shipping: SHIPPING, list: [{ id: 1, qty: 1 }] };
      const res = await post('/ecommerce/CreateEcomOrder', u!, { ...base, ...patch });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      expect(await count()).toBe(before);
    });

    it('honours Idempotency-Key under twins sent at once: one order, one payment, every answer the first one’s', async () => {
      const [u] = await users(1, 1_000_000);
      const p = await product(5);
      const before = await stockOf(p.id);
      const key = { 'idempotency-key': `cart-${u!.id}` };
      // Eight twins at once: each runs, one records the key; the others find it taken, roll back and answer the same order.
      const twins = await Promise.all(Array.from({ length: 8 }, () => create(u!, [{ id: p.id, qty: 1 }], key)));
      expect(twins.map((t) => t.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(twins.map((t) => t.json().data.orderNo)).size).toBe(1);
      expect(await stockOf(p.id)).toBe(before - 1);
      expect((await ctx().db.kysely.selectFrom('shop_order').select('id').where('user_id', '=', u!.id).execute()).length).toBe(1);
      expect((await create(u!, [{ id: p.id, qty: 2 }], key)).statusCode).toBe(409);

      // Paying with par, six twins at once: paid once, every answer the first one's.
      const orderNo = twins[0]!.json().data.orderNo as string;
      const payKey = { 'idempotency-key': `pay-${u!.id}` };
      const pays = await Promise.all(Array.from({ length: 6 }, () => post('/ecommerce/paid_order', u!, { orderNo, method: 'par' }, payKey)));
      expect(pays.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(pays.map((r) => JSON.stringify(r.json().data))).size).toBe(1);
      expect(pays.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      const entries = await ctx().db.kysely.selectFrom('journal_entry').select('id').where('reference', '=', orderNo).execute();
      expect(entries).toHaveLength(1);

      // By card, four twins at once: one charge applied, the key's answer stored with the payment, every answer the same.
      const second = await create(u!, [{ id: p.id, qty: 1 }]);
      const cardBody = { orderNo: second.json().data.orderNo, method: 'card', cardToken: await cardToken(SANDBOX_CARDS.success) };
      const cardKey = { 'idempotency-key': `card-${u!.id}` };
      const byCard = await Promise.all(Array.from({ length: 4 }, () => post('/ecommerce/paid_order', u!, cardBody, cardKey)));
      expect(byCard.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
      expect(new Set(byCard.map((r) => JSON.stringify(r.json().data))).size).toBe(1);
      const record = await ctx().db.kysely.selectFrom('idempotency_record').select(['status_code', 'response']).where('user_id', '=', u!.id).where('key', '=', cardKey['idempotency-key']).executeTakeFirstOrThrow();
      expect(record.status_code).toBe(200);
      expect(JSON.parse(record.response).data).toEqual(byCard[0]!.json().data);
      const charges = await ctx().db.kysely.selectFrom('gateway_charge').select('id').where('reference', '=', cardBody.orderNo).execute();
      expect(charges).toHaveLength(1);
    });

    it('a repeated key is answered as the first time once the product has sold out; a refused key can be used again', async () => {
      const [u] = await users(1);
      const p = await product(1);
      await ctx().db.kysely.updateTable('product').set({ stock: 1 }).where('id', '=', p.id).execute();
      const key = { 'idempotency-key': `last-unit-${u!.id}` };
      const first = await create(u!, [{ id: p.id, qty: 1 }], key);
      expect(first.statusCode).toBe(201);
      expect(await stockOf(p.id)).toBe(0);
      // Sold out now: the stored answer, not a refusal for stock.
      const again = await create(u!, [{ id: p.id, qty: 1 }], key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.orderNo).toBe(first.json().data.orderNo);

      // A refusal keeps nothing under its key: after a restock the same key places the order.
      const retry = { 'idempotency-key': `restocked-${u!.id}` };
      const refused = await create(u!, [{ id: p.id, qty: 1 }], retry);
      expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
      await ctx().db.kysely.updateTable('product').set({ stock: 1 }).where('id', '=', p.id).execute();
      const placed = await create(u!, [{ id: p.id, qty: 1 }], retry);
      expect(placed.statusCode).toBe(201);
      expect(placed.headers['idempotent-replayed']).toBeUndefined();
      expect(await stockOf(p.id)).toBe(0);
    });

    it('N concurrent buyers for K units: exactly K orders, stock never below zero', async () => {
      const buyers = await users(30);
      const p = await product(1);
      await ctx().db.kysely.updateTable('product').set({ stock: 7 }).where('id', '=', p.id).execute();
      const results = await Promise.all(buyers.map((b) => create(b, [{ id: p.id, qty: 1 }])));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(7);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(23);
      expect(await stockOf(p.id)).toBe(0);
    });

    it('pays with par: balance debited, points and lifetime spend added, confirmation mailed; paying again changes nothing', async () => {
      const [u] = await users(1, 1_000_000);
      const p = await product(2);
      const order = (await create(u!, [{ id: p.id, qty: 1 }])).json().data;
      const paid = await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' });
      expect(paid.statusCode, paid.body).toBe(200);
      const total = Math.round(order.total * 100);
      expect(paid.json().data.order).toMatchObject({ status: 'paid', payment: { method: 'par', cardLast4: null }, pointsAwarded: Math.floor(total / 100) });
      expect(paid.json().data.balances).toMatchObject({ par: (1_000_000 - total) / 100, premium: Math.floor(total / 100) });
      const again = await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.order.status).toBe('paid');
      expect((await par(u!)).par).toBe((1_000_000 - total) / 100);
      const spend = await ctx().db.kysely.selectFrom('app_user').select('lifetime_spend').where('id', '=', u!.id).executeTakeFirstOrThrow();
      expect(spend.lifetime_spend).toBe(total);
      const mail = await ctx().db.kysely.selectFrom('mail_outbox').select(['kind', 'subject', 'text']).where('to_address', '=', `${u!.userName}@example.test`).execute();
      expect(mail).toEqual([{ kind: 'order_paid', subject: `Order ${order.orderNo} confirmed`, text: expect.stringContaining(`payment of ${order.total.toFixed(2)} par for order`) }]);
      await expectLedgerConsistent(ctx().db);
    });

    it('paying with the same Idempotency-Key concurrently pays once', async () => {
      const [u] = await users(1, 1_000_000);
      const p = await product(2);
      const order = (await create(u!, [{ id: p.id, qty: 1 }])).json().data;
      const key = { 'idempotency-key': `pay-${order.orderNo}` };
      const results = await Promise.all(Array.from({ length: 10 }, () => post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' }, key)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect((await par(u!)).par).toBe((1_000_000 - Math.round(order.total * 100)) / 100);
      await expectLedgerConsistent(ctx().db);
    });

    it('a declined card leaves the order unpaid; a good card pays it; cancelling refunds the card and restores stock', async () => {
      const [u] = await users(1);
      const p = await product(3);
      const before = await stockOf(p.id);
      const order = (await create(u!, [{ id: p.id, qty: 2 }])).json().data;
      const declined = await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'card', cardToken: await cardToken(SANDBOX_CARDS.declined) });
      expect(declined.statusCode).toBe(422);
      expect(declined.json().msg).toMatch(/declined.*still waiting/);
      const token = await cardToken(SANDBOX_CARDS.success);
      const paid = await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'card', cardToken: token });
      expect(paid.json().data.order).toMatchObject({ status: 'paid', payment: { method: 'card', cardLast4: '4242' } });
      const cancelled = await ctx().app.inject({ method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${order.orderNo}`, headers: u!.auth });
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', refund: { status: 'done', at: expect.any(Number) } });
      expect(await stockOf(p.id)).toBe(before);
      const charge = await ctx().db.kysely.selectFrom('gateway_charge').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
      expect(charge.refunded).toBe(charge.amount);
      expect((await par(u!)).premium).toBe(0); // points taken back
      await expectLedgerConsistent(ctx().db);
    });

    it('a card refund that fails at cancellation is owed, retried by housekeeping, and paid out once', async () => {
      const { app, db } = ctx();
      const { u, order, token } = await paidByCard();
      const charge = () => db.kysely.selectFrom('gateway_charge').select(['amount', 'refunded']).where('token', '=', token).executeTakeFirstOrThrow();
      const owed = () => db.kysely.selectFrom('shop_order').select('card_refunded_at').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();

      // The gateway is unreachable at the moment of cancellation (fault injected for this one call).
      const gateway = app.services.gateway;
      const refund = gateway.refund.bind(gateway);
      gateway.refund = async () => {
        throw new Error('connect ETIMEDOUT');
      };
      try {
        const cancelled = await app.inject({ method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${order.orderNo}`, headers: u.auth });
        expect(cancelled.json().data.status).toBe('cancelled');
      } finally {
        gateway.refund = refund;
      }
      expect((await charge()).refunded).toBe(0);
      expect((await owed()).card_refunded_at).toBeNull();
      const refundShown = async () => (await post(`/ecommerce/GetEcomOrderDetails?orderNo=${order.orderNo}`, u)).json().data.refund;
      expect(await refundShown()).toEqual({ status: 'pending', at: null }); // the buyer is told, not shown "refunded"

      // Housekeeping on two instances at once (retries race): one refund in all.
      const other = await buildApp({ config: ctx().config, db, logger: false });
      try {
        const done = await Promise.all([app.services.lifecycle.retryRefunds(), other.services.lifecycle.retryRefunds(), app.services.lifecycle.retryRefunds()]);
        expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      } finally {
        await other.close();
      }
      const after = await charge();
      expect(after.refunded).toBe(after.amount);
      expect((await owed()).card_refunded_at).not.toBeNull();
      expect(await refundShown()).toEqual({ status: 'done', at: (await owed()).card_refunded_at });
      expect(await app.services.lifecycle.retryRefunds()).toBe(0);
      expect((await charge()).refunded).toBe(after.amount);
    });

    it('the gateway pays one refund per idempotency key, however many times it is asked at once', async () => {
      const { app, db } = ctx();
      const { order, token } = await paidByCard();
      const { id, amount } = await db.kysely.selectFrom('gateway_charge').select(['id', 'amount']).where('token', '=', token).executeTakeFirstOrThrow();
      const gateway = app.services.gateway;
      const asks = await Promise.allSettled(Array.from({ length: 20 }, () => gateway.refund({ chargeId: id, amount: Number(amount), idempotencyKey: `test:${order.orderNo}` })));
      expect(asks.filter((a) => a.status === 'rejected')).toEqual([]);
      const row = await db.kysely.selectFrom('gateway_charge').select('refunded').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.refunded)).toBe(Number(amount));
      // The same key for another refund is refused; another key cannot refund past the charge.
      await expect(gateway.refund({ chargeId: id, amount: 1, idempotencyKey: `test:${order.orderNo}` })).rejects.toThrow(/different refund/);
      await expect(gateway.refund({ chargeId: id, amount: 1, idempotencyKey: `test:${order.orderNo}:again` })).rejects.toThrow(/cannot be refunded/);
      const keys = await db.kysely.selectFrom('gateway_refund').select('idempotency_key').where('charge_id', '=', id).execute();
      expect(keys.map((k) => k.idempotency_key)).toEqual([`test:${order.orderNo}`]);
    });

    it('cancelling a par-paid order refunds the par; illegal transitions answer 422', async () => {
      const [u] = await users(1, 1_000_000);
      const p = await product(2);
      const order = (await create(u!, [{ id: p.id, qty: 1 }])).json().data;
      await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' });
      const cancel = () => ctx().app.inject({ method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${order.orderNo}`, headers: u!.auth });
      expect(order.refund).toBeNull();
      const cancelled = (await cancel()).json().data;
      expect(cancelled.refund).toEqual({ status: 'done', at: cancelled.history.at(-1).at }); // par goes back as it is cancelled
      expect(await par(u!)).toMatchObject({ par: 10_000, premium: 0 });
      const mail = await ctx().db.kysely.selectFrom('mail_outbox').select('text').where('kind', '=', 'order_cancelled').where('to_address', '=', `${u!.userName}@example.test`).executeTakeFirstOrThrow();
      expect(mail.text).toContain(`${order.total.toFixed(2)} par is back in your par balance.`);
      expect((await cancel()).statusCode).toBe(422);
      expect((await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' })).statusCode).toBe(422);
      const update = await post(`/ecommerce/UpdateEcomOrder?orderNo=${order.orderNo}`, u!, { shipping: SHIPPING, note: 'x' });
      expect(update.statusCode).toBe(422);
      for (const [from, to] of [
        ['pending_payment', 'shipped'],
        ['pending_payment', 'delivered'],
        ['paid', 'delivered'],
        ['paid', 'pending_payment'],
        ['shipped', 'cancelled'],
        ['shipped', 'paid'],
        ['delivered', 'cancelled'],
        ['cancelled', 'paid'],
      ] as const) {
        expect(() => assertTransition(from, to), `${from} -> ${to}`).toThrow(/cannot become/);
      }
      for (const [from, to] of [['pending_payment', 'paid'], ['pending_payment', 'cancelled'], ['paid', 'shipped'], ['paid', 'cancelled'], ['shipped', 'delivered']] as const) {
        expect(() => assertTransition(from, to)).not.toThrow();
      }
      await expectLedgerConsistent(ctx().db);
    });

    it('updates shipping and note while unpaid', async () => {
      const [u] = await users(1);
      const p = await product(1);
      const order = (await create(u!, [{ id: p.id, qty: 1 }])).json().data;
      const res = await post(`/ecommerce/UpdateEcomOrder?orderNo=${order.orderNo}`, u!, { shipping: { ...SHIPPING, shipping_zip: '10330' }, note: 'Ring twice' });
      expect(res.json().data).toMatchObject({ note: 'Ring twice', shipping: { shipping_zip: '10330' } });
    });

    it('unpaid orders expire and release their stock', async () => {
      const [u] = await users(1, 1_000_000);
      const p = await product(2);
      const before = await stockOf(p.id);
      const order = (await create(u!, [{ id: p.id, qty: 2 }])).json().data;
      expect(await stockOf(p.id)).toBe(before - 2);
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: Date.now() - 1 }).where('order_no', '=', order.orderNo).execute();
      const late = await post('/ecommerce/paid_order', u!, { orderNo: order.orderNo, method: 'par' });
      expect(late.statusCode).toBe(422);
      expect(late.json().msg).toMatch(/expired/);
      // Two instances' housekeeping running at once release the stock once.
      const a = await buildApp({ config: ctx().config, db: ctx().db, logger: false });
      await Promise.all([a.ready(), ctx().app.ready()]);
      await Promise.all([a.services.lifecycle.expire(), ctx().app.services.lifecycle.expire()]);
      expect(await stockOf(p.id)).toBe(before);
      const detail = await ctx().app.inject({ method: 'POST', url: `/api/ecommerce/GetEcomOrderDetails?orderNo=${order.orderNo}`, headers: u!.auth });
      expect(detail.json().data.status).toBe('cancelled');
      await a.close();
    });

    it("lists only the caller's orders, and never reads or changes another user's", async () => {
      const [alice, bob] = await users(2, 1_000_000);
      const p = await product(2);
      const bobs = (await create(bob!, [{ id: p.id, qty: 1 }])).json().data;
      await create(alice!, [{ id: p.id, qty: 1 }]);
      const mine = await post(`/ecommerce/GetEcomOrder?userId=${alice!.userName}`, alice!);
      expect(mine.json().data.items.map((o: { orderNo: string }) => o.orderNo)).not.toContain(bobs.orderNo);
      expect(mine.json().data.total).toBe(1);
      expect((await post('/user/user_order', alice!, { user_id: alice!.userName })).json().data).toHaveLength(1);
      expect((await post(`/ecommerce/GetEcomOrder?userId=${bob!.userName}`, alice!)).statusCode).toBe(403);
      expect((await post('/user/user_order', alice!, { user_id: bob!.userName })).statusCode).toBe(403);
      const reads = [
        post(`/ecommerce/GetEcomOrderDetails?orderNo=${bobs.orderNo}`, alice!),
        ctx().app.inject({ method: 'GET', url: `/api/ecommerce/GetPriceOrder?orderNo=${bobs.orderNo}`, headers: alice!.auth }),
        post(`/ecommerce/UpdateEcomOrder?orderNo=${bobs.orderNo}`, alice!, { shipping: SHIPPING, note: 'mine now' }),
        post('/ecommerce/paid_order', alice!, { orderNo: bobs.orderNo, method: 'par' }),
        post(`/ecommerce/CancelOrderEcom?orderNo=${bobs.orderNo}`, alice!),
      ];
      for (const res of await Promise.all(reads)) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(bobs.orderNo.slice(4));
      }
      const still = await post(`/ecommerce/GetEcomOrderDetails?orderNo=${bobs.orderNo}`, bob!);
      expect(still.json().data).toMatchObject({ status: 'pending_payment', note: 'Leave at the door' });
      expect((await par(alice!)).par).toBe(10_000);
    });

    it('statement budgets: placing an order 7 on PostgreSQL (9 on SQLite), paying with par 6 on PostgreSQL (10 on SQLite), a refusal for stock 1 on PostgreSQL (4 on SQLite), paying by card on PostgreSQL 10', async () => {
      const statements: string[] = [];
      const counting = ctx().handle.reopen((s) => statements.push(s));
      const app = await buildApp({ config: ctx().config, db: counting, logger: false });
      const [u] = await users(1, 1_000_000);
      const [a, b] = await ctx().db.kysely.selectFrom('product').select('id').where('stock', '>=', 3).orderBy('id', 'desc').limit(2).execute();
      const ignoreAuth = (list: string[]) => list.filter((s) => !/auth_session/.test(s));
      statements.length = 0;
      const created = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: u!.auth, payload: { list: [{ id: a!.id, qty: 1 }, { id: b!.id, qty: 2 }], shipping: SHIPPING } });
      expect(created.statusCode).toBe(201);
      const createSql = ignoreAuth(statements);
      // PostgreSQL: the products read, then BEGIN, the member's hold with the stock taken (one
      // statement), the order, its lines, the key's record with the answer, COMMIT.
      expect(createSql.length, createSql.join('\n')).toBeLessThanOrEqual(ctx().dialect === 'postgres' ? 7 : 9);
      statements.length = 0;
      const paid = await app.inject({ method: 'POST', url: '/api/ecommerce/paid_order', headers: u!.auth, payload: { orderNo: created.json().data.orderNo, method: 'par' } });
      expect(paid.statusCode).toBe(200);
      // everything up to the commit, the answer included (built from the locked rows and the ledger's own statement)
      const paySql = ignoreAuth(statements);
      const beforeAnswer = paySql.slice(0, paySql.findIndex((s) => /^commit/i.test(s)) + 1);
      // PostgreSQL: the order's move, the lifetime spend and the mail are one statement (decision
      // 0091); the key is recorded with the answer as the last write (decision 0093).
      expect(beforeAnswer.length, beforeAnswer.join('\n')).toBeLessThanOrEqual(ctx().dialect === 'postgres' ? 6 : 10);

      // A refusal for stock. PostgreSQL: the products read, with the key's record, before any
      // transaction. SQLite: the key's claim and the products read in the transaction, then the rollback.
      const [soldOut] = await ctx().db.kysely.selectFrom('product').select('id').where('options', '=', '[]').where('active', '=', 1).orderBy('id').limit(1).execute();
      await ctx().db.kysely.updateTable('product').set({ stock: 0 }).where('id', '=', soldOut!.id).execute();
      statements.length = 0;
      const refused = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: { ...u!.auth, 'idempotency-key': 'budget-refused' }, payload: { list: [{ id: soldOut!.id, qty: 1 }], shipping: SHIPPING } });
      expect(refused.json().code).toBe('OUT_OF_STOCK');
      const refusedSql = ignoreAuth(statements);
      if (ctx().dialect === 'postgres') {
        expect(refusedSql.length, refusedSql.join('\n')).toBe(1);
        expect(refusedSql[0]).toMatch(/^select .* from "product"/i);
      } else {
        expect(refusedSql.length, refusedSql.join('\n')).toBeLessThanOrEqual(4);
      }

      // A key already answered, sent again (PostgreSQL): the products read finds the key's record,
      // and the stored answer is read and replayed, without running the order again.
      if (ctx().dialect === 'postgres') {
        const first = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: { ...u!.auth, 'idempotency-key': 'budget-replay' }, payload: { list: [{ id: a!.id, qty: 1 }], shipping: SHIPPING } });
        statements.length = 0;
        const again = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: { ...u!.auth, 'idempotency-key': 'budget-replay' }, payload: { list: [{ id: a!.id, qty: 1 }], shipping: SHIPPING } });
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json().data.orderNo).toBe(first.json().data.orderNo);
        const replaySql = ignoreAuth(statements);
        expect(replaySql.length, replaySql.join('\n')).toBe(2);
        // The same key with another cart: refused as a mismatch, from the record.
        const other = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: { ...u!.auth, 'idempotency-key': 'budget-replay' }, payload: { list: [{ id: a!.id, qty: 2 }], shipping: SHIPPING } });
        expect(other.statusCode).toBe(409);
      }

      // By card on PostgreSQL: the key's claim, the order, the charge (its card with any earlier
      // charge under its key, then its record), then the payment's transaction, which stores the
      // key's answer too: 10 round trips, 3 commits.
      if (ctx().dialect === 'postgres') {
        const order = await app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: u!.auth, payload: { list: [{ id: a!.id, qty: 1 }], shipping: SHIPPING } });
        const token = await cardToken(SANDBOX_CARDS.success);
        statements.length = 0;
        const byCard = await app.inject({ method: 'POST', url: '/api/ecommerce/paid_order', headers: { ...u!.auth, 'idempotency-key': 'budget-card' }, payload: { orderNo: order.json().data.orderNo, method: 'card', cardToken: token } });
        expect(byCard.statusCode, byCard.body).toBe(200);
        const cardSql = ignoreAuth(statements);
        expect(cardSql.length, cardSql.join('\n')).toBeLessThanOrEqual(10);
        // The answer is stored before the payment's COMMIT, in its transaction.
        expect(cardSql.at(-1)).toMatch(/^commit/i);
        expect(cardSql.at(-2)).toMatch(/^update "idempotency_record"/i);
      }
      await app.close();
      await counting.close();
    });
  },
  {},
  { seed: true },
);
