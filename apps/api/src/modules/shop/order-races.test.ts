import { SANDBOX_CARDS } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp } from '../../../test/auth-helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

/**
 * Different changes to the same orders at the same moment (docs/decisions/0064): paying with
 * par (its key's claim, the payment and the stored answer in one transaction, shared with
 * others by SQLite's group commit), paying by card, the buyer cancelling and housekeeping
 * expiring. Each order ends one way, and money, stock, points and spend all agree with it.
 */
describeEachDb(
  'shop orders: paying races cancelling and expiring',
  (ctx) => {
    it('each order ends paid once or cancelled, never both, and par, card charges, stock, points and spend add up', async () => {
      const { app, db } = ctx();
      const [u] = await quickUsers(db, ctx().config, 1, 1_000_000);
      const p = await db.kysely.selectFrom('product').selectAll().where('active', '=', 1).where('options', '=', '[]').orderBy('id').executeTakeFirstOrThrow();
      await db.kysely.updateTable('product').set({ stock: 100 }).where('id', '=', p.id).execute();
      const post = (url: string, payload: object, key?: string) =>
        app.inject({ method: 'POST', url: `/api${url}`, headers: { ...u!.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
      const token = (await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Buyer' } })).json().data.token as string;

      const orders: { orderNo: string; qty: number }[] = [];
      for (let i = 0; i < 12; i++) {
        const created = await post('/ecommerce/CreateEcomOrder', { list: [{ id: p.id, qty: 1 + (i % 3) }], shipping: SHIPPING });
        expect(created.statusCode, created.body).toBe(201);
        orders.push({ orderNo: created.json().data.orderNo, qty: 1 + (i % 3) });
      }
      // Every order at once: par twice under one key, a card, a cancel, and (for every third) expiry.
      // Per order: par twice under one key, a card and a cancel; or par against a card; or a card (against a cancel).
      const plans = orders.map(({ orderNo }, i) => {
        const par = () => post('/ecommerce/paid_order', { orderNo, method: 'par' }, `par-${orderNo}`);
        const card = () => post('/ecommerce/paid_order', { orderNo, method: 'card', cardToken: token }, `card-${orderNo}`);
        const cancel = () => post(`/ecommerce/CancelOrderEcom?orderNo=${orderNo}`, {});
        if (i % 3 === 0) return { pars: [par(), par()], others: [card(), cancel()] };
        if (i % 3 === 2) return { pars: [par()], others: [card()] };
        return { pars: [], others: i % 2 === 0 ? [card(), cancel()] : [card()] }; // the card alone still races expiry
      });
      const requests = plans.flatMap((plan) => [...plan.pars, ...plan.others]);
      // Housekeeping expires every order still unpaid, starting while the requests are in flight.
      const expiring = requests[0]!.then(() => app.services.lifecycle.expire(Date.now() + 365 * 86_400_000));
      const answers = await Promise.all(requests);
      await expiring;
      expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);

      const rows = await db.kysely.selectFrom('shop_order').select(['order_no', 'status', 'payment_method', 'total', 'points_awarded', 'charge_id']).where('user_id', '=', u!.id).execute();
      expect(rows).toHaveLength(orders.length);
      for (const r of rows) expect(['paid', 'cancelled']).toContain(r.status);
      const live = rows.filter((r) => r.status === 'paid');
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

      // Stock: only live orders hold any.
      const held = sum(orders.filter((o) => live.some((r) => r.order_no === o.orderNo)).map((o) => o.qty));
      expect((await db.kysely.selectFrom('product').select('stock').where('id', '=', p.id).executeTakeFirstOrThrow()).stock).toBe(100 - held);
      // Par: only live par orders are paid for; cancelled ones were refunded.
      const balances = Object.fromEntries((await db.kysely.selectFrom('ledger_account').select(['asset', 'balance']).where('user_id', '=', u!.id).execute()).map((a) => [a.asset, Number(a.balance)]));
      expect(balances.par).toBe(1_000_000 - sum(live.filter((r) => r.payment_method === 'par').map((r) => Number(r.total))));
      expect(balances.premium).toBe(sum(live.map((r) => Number(r.points_awarded))));
      const spend = await db.kysely.selectFrom('app_user').select('lifetime_spend').where('id', '=', u!.id).executeTakeFirstOrThrow();
      expect(Number(spend.lifetime_spend)).toBe(sum(live.map((r) => Number(r.total))));
      // Card: what the gateway kept for each order is its total when it is live and paid by card, else nothing.
      const charges = await db.kysely.selectFrom('gateway_charge').select(['reference', 'amount', 'refunded', 'status']).where('token', '=', token).execute();
      for (const r of rows) {
        const kept = sum(charges.filter((c) => c.reference === r.order_no && c.status === 'succeeded').map((c) => Number(c.amount) - Number(c.refunded)));
        expect(kept, r.order_no).toBe(r.status === 'paid' && r.payment_method === 'card' ? Number(r.total) : 0);
      }
      // One confirmation at most per order, and only for orders that were paid at some point.
      const mails = await db.kysely.selectFrom('mail_outbox').select(['subject']).where('kind', '=', 'order_paid').where('to_address', '=', `${u!.userName}@example.test`).execute();
      for (const r of rows) expect(mails.filter((m) => m.subject.includes(r.order_no)).length).toBeLessThanOrEqual(1);
      expect(mails.length).toBeGreaterThanOrEqual(live.length);
      // The two par requests under one key got the same answer.
      for (const { pars } of plans) {
        if (pars.length < 2) continue;
        const [a, b] = await Promise.all(pars);
        expect(b!.statusCode).toBe(a!.statusCode);
        if (a!.statusCode === 200) expect(b!.json().data).toEqual(a!.json().data);
      }
      await expectLedgerConsistent(db);
    });

    // Placing reads the products before its transaction on PostgreSQL (decision 0091): an order
    // racing the product's removal from sale, or its last units going to other buyers, is placed
    // whole or refused, and the stock matches exactly the orders that were placed.
    it('orders racing the product being taken off sale and each other: placed whole or refused, stock agrees', async () => {
      const { app, db } = ctx();
      const buyers = await quickUsers(db, ctx().config, 12, 1_000_000);
      const p = await db.kysely.selectFrom('product').selectAll().where('active', '=', 1).where('options', '=', '[]').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await db.kysely.updateTable('product').set({ stock: 200 }).where('id', '=', p.id).execute();
      const place = (u: (typeof buyers)[number], i: number) =>
        app.inject({ method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: { ...u.auth, 'idempotency-key': `race-off-${i}` }, payload: { list: [{ id: p.id, qty: 1 + (i % 3) }], shipping: SHIPPING } });
      const requests = buyers.flatMap((u, i) => [place(u, i), place(u, i + buyers.length)]);
      // Off sale while the orders are in flight, once the first has been answered.
      const offSale = requests[0]!.then(() => db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', p.id).execute());
      const answers = await Promise.all(requests);
      await offSale;
      for (const a of answers) {
        if (a.statusCode === 201) continue;
        expect([400, 409, 422], a.body).toContain(a.statusCode);
        expect(['BUSINESS_RULE', 'OUT_OF_STOCK', 'VALIDATION']).toContain(a.json().code);
      }
      const placed = await db.kysely.selectFrom('shop_order_line').innerJoin('shop_order', 'shop_order.id', 'shop_order_line.order_id').select(['shop_order.order_no', 'shop_order_line.qty']).where('shop_order_line.product_id', '=', p.id).execute();
      expect(placed).toHaveLength(answers.filter((a) => a.statusCode === 201).length);
      const stock = (await db.kysely.selectFrom('product').select('stock').where('id', '=', p.id).executeTakeFirstOrThrow()).stock;
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + placed.reduce((sum, l) => sum + l.qty, 0)).toBe(200);
      // After it is off sale, nothing more is placed: refused before or inside the transaction.
      const late = await place(buyers[0]!, 99);
      expect(late.json()).toMatchObject({ code: 'BUSINESS_RULE' });
    });
  },
  {},
  { seed: true },
);
