import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { seedDemoData } from '../../seed/seed.js';
import { demoSeeders } from '../../seed/seeders.js';
import { DIALECTS, freshDb, testConfig, type TestDb } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { webhookSigner } from './fiat.service.js';

/**
 * The order in which a card charge for an NFT takes its locks, on PostgreSQL (SQLite runs one
 * writer at a time). A closing that holds the buyer's row makes the charge wait; while it waits
 * it must hold nothing a payment of the same order needs. Before the charge took the buyer
 * first, it waited holding the NFT order, and a par payment of that order holding the buyer's
 * key share closed a deadlock with the queued closing (the model test found it).
 */
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`a card charge's lock order [${dialect}]`, () => {
    let handle: (TestDb & { dataDir: string }) | undefined;
    let app: FastifyInstance | undefined;
    const config = () => testConfig(handle!.dataDir);

    beforeAll(async () => {
      handle = await freshDb(dialect);
      await seedDemoData(handle.db, demoSeeders);
      app = await buildApp({ config: config(), db: handle.db, logger: false });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    it('waits for a closing before it holds the NFT order', async () => {
      const db = handle!.db.kysely;
      const [u] = await quickUsers(handle!.db, config(), 1);
      const nft = await db.selectFrom('nft_item').select(['id', 'price']).where('owner_id', 'is', null).where('listed', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      const reserved = await app!.inject({ method: 'POST', url: '/api/gx/GenerateOrderNft', headers: u!.auth, payload: { nftId: nft.id } });
      expect(reserved.statusCode, reserved.body).toBe(201);
      const orderNo = reserved.json().data.orderNo as string;
      // The card order the charge pays, as GenerateOrderFiat writes it before charging.
      await db.insertInto('fiat_order').values({ order_no: orderNo, user_id: u!.id, type: 'nft', amount: nft.price, nft_id: nft.id, status: 'pending', created_at: Date.now() }).execute();

      // A closing, holding the buyer's row as it does while it reads the open business.
      const closing = await db.startTransaction().execute();
      const closingPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(closing)).rows[0]!.pid;
      await sql`select id from app_user where id = ${u!.id} for update`.execute(closing);

      const event = { eventId: `evt_lock_${orderNo}`, chargeId: `ch_lock_${orderNo}`, reference: orderNo };
      // Sent now (an injected request starts when it is awaited), answered once the closing ends.
      const delivered = app!.inject({ method: 'POST', url: '/api/gateway/webhook', headers: { 'x-gateway-signature': webhookSigner(config().jwtSecret)(event) }, payload: { type: 'charge.succeeded', ...event } }).then((res) => res);
      try {
        const waitsOnClosing = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where ${closingPid} = any(pg_blocking_pids(pid))`.execute(db)).rows[0]!.n) > 0;
        for (let tries = 0; !(await waitsOnClosing()); tries++) {
          expect(tries, 'the charge never waited for the closing').toBeLessThan(500);
          await new Promise((r) => setTimeout(r, 10));
        }
        // The charge waits: a payment of the same order can still take the order's lock.
        const orderFree = await db
          .transaction()
          .execute(async (trx) => sql`select id from nft_order where order_no = ${orderNo} for no key update nowait`.execute(trx))
          .then(
            () => true,
            (error: { code?: string }) => error.code,
          );
        expect(orderFree, 'the waiting charge holds the NFT order (55P03: locked)').toBe(true);
      } finally {
        await closing.rollback().execute();
      }
      const applied = await delivered;
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().data).toEqual({ applied: true });
      expect(await db.selectFrom('nft_item').select('owner_id').where('id', '=', nft.id).executeTakeFirstOrThrow()).toEqual({ owner_id: u!.id });
    });
  });
}
