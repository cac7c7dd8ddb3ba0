import { SANDBOX_CARDS } from '@parmeta/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/connection.js';
import { enqueueMail } from '../src/modules/mail/mail.repository.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoSeeders } from '../src/seed/seeders.js';
import { freshIp } from './auth-helpers.js';
import { DIALECTS, freshDb, testConfig, type TestDb } from './helpers.js';
import { quickUsers } from './quick-users.js';
import { SHIPPING } from './shop-helpers.js';
import { startSmtpSink } from './smtp-sink.js';

/**
 * The background work of an instance (mail delivery, expiring unpaid orders and NFT
 * reservations, retrying card refunds) running on three instances of one database at once:
 * every piece of work is done exactly once, because each claims it in the database first
 * (a conditional update, SKIP LOCKED, or the gateway's idempotency key). Each instance has
 * its own connections, as separate processes would. PostgreSQL only: SQLite is one process
 * (several connections in one process would wait on each other's write lock).
 */

const INSTANCES = 3;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`background work on ${INSTANCES} instances of one database [${dialect}]`, () => {
    let handle: TestDb & { dataDir: string };
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    const dbs: Db[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      handle = await freshDb(dialect);
      await seedDemoData(handle.db, demoSeeders);
      sink = await startSmtpSink();
      // Housekeeping is driven by the tests; mail is delivered by each instance's own worker, every 50 ms.
      const config = testConfig(handle.dataDir, { SMTP_URL: sink.url, MAIL_POLL_MS: '50', HOUSEKEEPING_MS: '3600000' });
      for (let i = 0; i < INSTANCES; i++) {
        const db = i === 0 ? handle.db : handle.reopen(() => undefined);
        if (i > 0) dbs.push(db);
        apps.push(await buildApp({ config, db, logger: false }));
      }
      await Promise.all(apps.map((app) => app.ready()));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await sink.close();
      await handle.dispose();
    });

    const first = () => apps[0]!;
    const post = (url: string, auth: Record<string, string>, payload: object) => first().inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });

    it('delivers every queued mail once, with three workers polling the same outbox', async () => {
      const count = 60;
      await handle.db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i++) await enqueueMail(trx, { kind: 'test', to: `reader${i}@example.test`, subject: `Bulletin ${i}`, html: `<p>${i}</p>`, text: `${i}` });
      });
      // Rounds of all three claiming at the same moment, on top of their own polling.
      await until(async () => {
        await Promise.all(apps.map((app) => app.services.mailWorker!.deliverDue()));
        return sink.received.length >= count;
      }, `${count} mails (got ${sink.received.length})`);
      // Every worker has polled several more times since: a mail sent twice would be here by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recipients = sink.received.map((m) => m.to[0]);
      expect(recipients.length).toBe(count);
      expect(new Set(recipients).size).toBe(count);
      const rows = await handle.db.kysely.selectFrom('mail_outbox').select(['status', 'attempts']).where('kind', '=', 'test').execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });

    it('expires each unpaid order and each NFT reservation once, and gives the stock back once', async () => {
      const product = await handle.db.kysely.selectFrom('product').select(['id', 'stock']).where('active', '=', 1).where('stock', '>=', 20).orderBy('id').executeTakeFirstOrThrow();
      const buyers = await quickUsers(handle.db, testConfig(handle.dataDir), 10);
      for (const buyer of buyers) expect((await post('/ecommerce/CreateEcomOrder', buyer.auth, { list: [{ id: product.id, qty: 2 }], shipping: SHIPPING })).statusCode).toBe(201);
      const nfts = await handle.db.kysely.selectFrom('nft_item').select('id').where('listed', '=', 1).orderBy('id').limit(6).execute();
      for (const [i, nft] of nfts.entries()) expect((await post('/gx/GenerateOrderNft', buyers[i]!.auth, { nftId: nft.id })).statusCode).toBe(201);
      expect((await handle.db.kysely.selectFrom('product').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock).toBe(product.stock - 20);

      const past = Date.now() - 1;
      await handle.db.kysely.updateTable('shop_order').set({ expires_at: past }).where('status', '=', 'pending_payment').execute();
      await handle.db.kysely.updateTable('nft_order').set({ expires_at: past }).where('status', '=', 'reserved').execute();
      const now = Date.now();
      const orders = await Promise.all(apps.map((app) => app.services.lifecycle.expire(now)));
      const reservations = await Promise.all(apps.map((app) => app.services.nftOrders.expire(now)));

      expect(orders.reduce((a, b) => a + b, 0)).toBe(buyers.length);
      expect(reservations.reduce((a, b) => a + b, 0)).toBe(nfts.length);
      expect((await handle.db.kysely.selectFrom('product').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock).toBe(product.stock);
      const reserved = await handle.db.kysely.selectFrom('nft_item').select('id').where('reserved_by', 'is not', null).execute();
      expect(reserved).toEqual([]);
    });

    it('pays each owed card refund once, with three instances retrying at once', async () => {
      const owed = 5;
      const [buyer] = await quickUsers(handle.db, testConfig(handle.dataDir), 1);
      const product = await handle.db.kysely.selectFrom('product').select('id').where('active', '=', 1).where('stock', '>=', owed).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const orderNos: string[] = [];
      for (let i = 0; i < owed; i++) {
        const order = (await post('/ecommerce/CreateEcomOrder', buyer!.auth, { list: [{ id: product.id, qty: 1 }], shipping: SHIPPING })).json().data as { orderNo: string };
        const card = await first().inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Buyer' } });
        expect((await post('/ecommerce/paid_order', buyer!.auth, { orderNo: order.orderNo, method: 'card', cardToken: card.json().data.token })).statusCode).toBe(200);
        orderNos.push(order.orderNo);
      }
      // Cancelled while the gateway could not be reached: the refunds are owed (card_refunded_at is null).
      const gateway = first().services.gateway;
      const refund = gateway.refund.bind(gateway);
      gateway.refund = async () => {
        throw new Error('connect ETIMEDOUT');
      };
      try {
        for (const orderNo of orderNos) expect((await first().inject({ method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${orderNo}`, headers: buyer!.auth })).statusCode).toBe(200);
      } finally {
        gateway.refund = refund;
      }

      await Promise.all(apps.map((app) => app.services.lifecycle.retryRefunds()));

      const orders = await handle.db.kysely.selectFrom('shop_order').select(['order_no', 'charge_id', 'total', 'card_refunded_at']).where('order_no', 'in', orderNos).execute();
      expect(orders.every((o) => o.card_refunded_at !== null)).toBe(true);
      for (const order of orders) {
        const refunds = await handle.db.kysely.selectFrom('gateway_refund').select('amount').where('charge_id', '=', order.charge_id!).execute();
        expect(refunds.map((r) => Number(r.amount))).toEqual([order.total]);
        const charge = await handle.db.kysely.selectFrom('gateway_charge').select('refunded').where('id', '=', order.charge_id!).executeTakeFirstOrThrow();
        expect(Number(charge.refunded)).toBe(order.total);
      }
    });
  });
}
