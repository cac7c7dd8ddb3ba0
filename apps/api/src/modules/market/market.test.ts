import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { quickUsers } from '../../../test/quick-users.js';

describeEachDb(
  'NFT market and NFT orders',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const call = (path: string, u: U | null, payload: object = {}) => ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: u?.auth ?? {}, payload });
    const users = (n: number, par = 0) => quickUsers(ctx().db, ctx().config, n, par);
    const par = async (u: U) => (await call('/gx/Userdata', u)).json().data.balances.par as number;
    const listed = async (u: U, filter: object = {}) => (await call('/gx/market_products', u, { pageSize: 100, ...filter })).json().data;
    const cheapest = async (u: U) => (await listed(u, { sort: 'price_asc' })).items.find((n: { reserved: boolean; ownedByMe: boolean }) => !n.reserved && !n.ownedByMe) as { id: number; price: number };

    it('needs a session, lists the 24 demo NFTs in 3 collections, and filters by text, collection and price', async () => {
      expect((await call('/gx/market_products', null)).statusCode).toBe(401);
      const [u] = await users(1);
      const all = await listed(u!);
      expect(all.total).toBe(24);
      expect(all.collections).toHaveLength(3);
      const collection = all.collections[0].slug as string;
      const inCollection = await listed(u!, { category: collection });
      expect(inCollection.total).toBe(all.collections[0].count);
      expect(inCollection.items.every((n: { collection: { slug: string } }) => n.collection.slug === collection)).toBe(true);
      const priced = await listed(u!, { priceFr: 20, priceTo: 60 });
      expect(priced.items.every((n: { price: number }) => n.price >= 20 && n.price <= 60)).toBe(true);
      const first = all.items[0] as { name: string };
      const searched = await listed(u!, { search: first.name.slice(0, 6).toUpperCase() });
      expect(searched.items.map((n: { name: string }) => n.name)).toContain(first.name);
      const page2 = await call('/gx/market_products', u!, { page: 2, pageSize: 10 });
      expect(page2.json().data.items).toHaveLength(10);
      const bad = await call('/gx/market_products', u!, { priceFr: 'cheap' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.priceFr).toBeDefined();
    });

    it('reserves, pays from par with the fee split, moves ownership and records provenance', async () => {
      const [buyer] = await users(1, 100_000);
      const nft = await cheapest(buyer!);
      const gen = await call('/gx/GenerateOrderNft', buyer!, { nftId: nft.id });
      expect(gen.statusCode, gen.body).toBe(201);
      const { orderNo } = gen.json().data;
      expect(orderNo).toMatch(/^NFT-/);
      const paid = await call('/gx/confirmOrdernft', buyer!, { orderNo });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({ order: { status: 'paid' }, nft: { ownedByMe: true, listed: false, owner: buyer!.userName } });
      expect(await par(buyer!)).toBe(1000 - nft.price);
      const detail = (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: buyer!.auth })).json().data;
      expect(detail.provenance.map((p: { to: string }) => p.to)).toEqual(['ParMeta', buyer!.userName]);
      expect(detail.provenance[1]).toMatchObject({ from: 'ParMeta', price: nft.price, orderNo });
      expect(detail.attributes.length).toBeGreaterThan(0);
      const fees = await ctx()
        .db.kysely.selectFrom('posting as p')
        .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
        .select((eb) => eb.fn.sum<number>('p.amount').as('balance'))
        .where('a.code', '=', 'fees')
        .executeTakeFirstOrThrow();
      expect(Number(fees.balance)).toBe(Math.floor((Math.round(nft.price * 100) * 250) / 10_000));
      const again = await call('/gx/confirmOrdernft', buyer!, { orderNo });
      expect(again.json().data.order.status).toBe('paid');
      expect(await par(buyer!)).toBe(1000 - nft.price);
      await expectLedgerConsistent(ctx().db);
    });

    it('fails closed without enough par: nothing moves and the reservation can be released', async () => {
      const [buyer] = await users(1, 100);
      const nft = await cheapest(buyer!);
      const { orderNo } = (await call('/gx/GenerateOrderNft', buyer!, { nftId: nft.id })).json().data;
      const res = await call('/gx/confirmOrdernft', buyer!, { orderNo });
      expect(res.statusCode).toBe(422);
      expect(await par(buyer!)).toBe(1);
      const cancelled = await call('/gx/cancelOrdernft', buyer!, { orderNo });
      expect(cancelled.json().data.status).toBe('cancelled');
      const item = (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: buyer!.auth })).json().data;
      expect(item).toMatchObject({ reserved: false, owner: 'ParMeta', listed: true });
    });

    it('100 concurrent buyers for one NFT: exactly one reserves it and is debited once', async () => {
      const buyers = await users(100, 100_000);
      const nft = await cheapest(buyers[0]!);
      const attempts = await Promise.all(
        buyers.map(async (b) => {
          const gen = await call('/gx/GenerateOrderNft', b, { nftId: nft.id });
          if (gen.statusCode !== 201) return { b, gen, paid: null };
          return { b, gen, paid: await call('/gx/confirmOrdernft', b, { orderNo: gen.json().data.orderNo }) };
        }),
      );
      const winners = attempts.filter((a) => a.gen.statusCode === 201);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.paid!.statusCode).toBe(200);
      const losers = attempts.filter((a) => a.gen.statusCode !== 201);
      expect(losers.every((a) => a.gen.statusCode === 409 && a.gen.json().status === false)).toBe(true);
      const balances = await Promise.all(buyers.map((b) => par(b)));
      expect(balances.filter((p) => p === 1000 - nft.price)).toHaveLength(1);
      expect(balances.filter((p) => p === 1000)).toHaveLength(99);
      await expectLedgerConsistent(ctx().db);
    });

    it('an expired reservation frees the item for the next buyer and can no longer be paid', async () => {
      const [slow, fast] = await users(2, 100_000);
      const nft = await cheapest(slow!);
      const { orderNo } = (await call('/gx/GenerateOrderNft', slow!, { nftId: nft.id })).json().data;
      expect((await call('/gx/GenerateOrderNft', fast!, { nftId: nft.id })).statusCode).toBe(409);
      await ctx().db.kysely.updateTable('nft_order').set({ expires_at: Date.now() - 1 }).where('order_no', '=', orderNo).execute();
      await ctx().db.kysely.updateTable('nft_item').set({ reserved_until: Date.now() - 1 }).where('id', '=', nft.id).execute();
      const late = await call('/gx/confirmOrdernft', slow!, { orderNo });
      expect(late.statusCode).toBe(422);
      expect(late.json().msg).toMatch(/expired/);
      expect((await call('/gx/GenerateOrderNft', fast!, { nftId: nft.id })).statusCode).toBe(201);
      expect(await par(slow!)).toBe(1000);
    });

    it('tells the holder of a reservation, and only them, its order number and expiry, so a reload resumes it', async () => {
      const [holder, other] = await users(2, 100_000);
      const nft = await cheapest(holder!);
      const detail = async (u: U) => (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: u.auth })).json().data;
      expect(await detail(holder!)).toMatchObject({ reserved: false, reservedByMe: false, myReservation: null });
      const reserved = (await call('/gx/GenerateOrderNft', holder!, { nftId: nft.id })).json().data;

      // The page loaded again: the detail hands back the running reservation.
      expect(await detail(holder!)).toMatchObject({ reserved: true, reservedByMe: true, myReservation: { orderNo: reserved.orderNo, nftId: nft.id, price: nft.price, status: 'reserved', expiresAt: reserved.expiresAt } });
      // Anyone else: reserved, not by whom, no order number.
      const seen = await detail(other!);
      expect(seen).toMatchObject({ reserved: true, reservedByMe: false, myReservation: null });
      expect(JSON.stringify(seen)).not.toContain(reserved.orderNo);
      const gridOf = async (u: U) => (await listed(u)).items.find((n: { id: number }) => n.id === nft.id);
      expect(await gridOf(holder!)).toMatchObject({ reserved: true, reservedByMe: true });
      expect(await gridOf(other!)).toMatchObject({ reserved: true, reservedByMe: false });

      // Asking again (a second tab) answers the same reservation, not a 409; another buyer gets the 409.
      const again = await call('/gx/GenerateOrderNft', holder!, { nftId: nft.id });
      expect(again.statusCode).toBe(201);
      expect(again.json().data).toMatchObject({ orderNo: reserved.orderNo, expiresAt: reserved.expiresAt });
      expect((await call('/gx/GenerateOrderNft', other!, { nftId: nft.id })).statusCode).toBe(409);

      // Resumed, it pays as usual; afterwards there is nothing to resume.
      expect((await call('/gx/confirmOrdernft', holder!, { orderNo: reserved.orderNo })).statusCode).toBe(200);
      expect(await detail(holder!)).toMatchObject({ ownedByMe: true, reserved: false, reservedByMe: false, myReservation: null });
      expect(await ctx().db.kysely.selectFrom('nft_order').select('order_no').where('buyer_id', '=', holder!.id).execute()).toHaveLength(1);
      await expectLedgerConsistent(ctx().db);
    });

    it('forgets a reservation that ran out or was cancelled: nothing to resume', async () => {
      const [holder] = await users(1, 100_000);
      const nft = await cheapest(holder!);
      const detail = async () => (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: holder!.auth })).json().data;
      const first = (await call('/gx/GenerateOrderNft', holder!, { nftId: nft.id })).json().data;
      await ctx().db.kysely.updateTable('nft_item').set({ reserved_until: Date.now() - 1 }).where('id', '=', nft.id).execute();
      expect(await detail()).toMatchObject({ reserved: false, reservedByMe: false, myReservation: null });
      await ctx().db.kysely.updateTable('nft_order').set({ expires_at: Date.now() - 1 }).where('order_no', '=', first.orderNo).execute();
      const second = (await call('/gx/GenerateOrderNft', holder!, { nftId: nft.id })).json().data;
      expect(second.orderNo).not.toBe(first.orderNo);
      expect((await detail()).myReservation).toMatchObject({ orderNo: second.orderNo });
      expect((await call('/gx/cancelOrdernft', holder!, { orderNo: second.orderNo })).statusCode).toBe(200);
      expect(await detail()).toMatchObject({ reserved: false, myReservation: null });
    });

    it('an aborted reservation request leaves nothing reserved', async () => {
      const { db, config } = ctx();
      const app = await buildApp({ config, db, logger: false });
      // a slow network: the answer is held back until the client has given up
      app.addHook('onSend', async (req) => {
        const socket = req.raw.socket;
        await new Promise<void>((resolve) => {
          if (socket.destroyed) return resolve();
          socket.once('close', () => resolve());
          setTimeout(resolve, 10_000).unref();
        });
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const [buyer] = await users(1, 100_000);
      const nft = await cheapest(buyer!);
      const { port } = app.server.address() as { port: number };
      const controller = new AbortController();
      const pending = fetch(`http://127.0.0.1:${port}/api/gx/GenerateOrderNft`, { method: 'POST', headers: { ...buyer!.auth, 'content-type': 'application/json' }, body: JSON.stringify({ nftId: nft.id }), signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(pending).rejects.toThrow();
      // The server finishes the reservation it started, then sees the client gone and releases it.
      let order: { status: string } | undefined;
      for (let i = 0; i < 200 && order?.status !== 'cancelled'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        order = await db.kysely.selectFrom('nft_order').select('status').where('buyer_id', '=', buyer!.id).executeTakeFirst();
      }
      expect(order?.status).toBe('cancelled');
      const item = await db.kysely.selectFrom('nft_item').select('reserved_by').where('id', '=', nft.id).executeTakeFirstOrThrow();
      expect(item.reserved_by).toBeNull();
      await app.close();
    });

    it('resale: an owner lists an NFT, another member buys it, the seller gets the price less the fee', async () => {
      const [seller, buyer] = await users(2, 100_000);
      const nft = await cheapest(seller!);
      const { orderNo } = (await call('/gx/GenerateOrderNft', seller!, { nftId: nft.id })).json().data;
      await call('/gx/confirmOrdernft', seller!, { orderNo });
      const mine = (await call('/gx/my_nfts', seller!)).json().data;
      expect(mine.map((n: { id: number }) => n.id)).toEqual([nft.id]);
      const listedRes = await call('/gx/nft_list', seller!, { nftId: nft.id, price: 200 });
      expect(listedRes.json().data).toMatchObject({ listed: true, price: 200 });
      const sellerPar = await par(seller!);
      const order2 = (await call('/gx/GenerateOrderNft', buyer!, { nftId: nft.id })).json().data;
      expect((await call('/gx/confirmOrdernft', buyer!, { orderNo: order2.orderNo })).statusCode).toBe(200);
      expect(await par(seller!)).toBe(sellerPar + 195);
      expect(await par(buyer!)).toBe(800);
      const detail = (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: buyer!.auth })).json().data;
      expect(detail.provenance.map((p: { to: string }) => p.to)).toEqual(['ParMeta', seller!.userName, buyer!.userName]);
      await expectLedgerConsistent(ctx().db);
    });

    it("never lets a member pay, cancel, list or delist someone else's order or NFT", async () => {
      const [owner, other] = await users(2, 100_000);
      const nft = await cheapest(owner!);
      const { orderNo } = (await call('/gx/GenerateOrderNft', owner!, { nftId: nft.id })).json().data;
      expect((await call('/gx/confirmOrdernft', other!, { orderNo })).statusCode).toBe(404);
      expect((await call('/gx/cancelOrdernft', other!, { orderNo })).statusCode).toBe(404);
      await call('/gx/confirmOrdernft', owner!, { orderNo });
      expect((await call('/gx/nft_list', other!, { nftId: nft.id, price: 1 })).statusCode).toBe(404);
      expect((await call('/gx/nft_delist', other!, { nftId: nft.id })).statusCode).toBe(404);
      expect((await call('/gx/my_nfts', other!)).json().data).toEqual([]);
      expect(await par(other!)).toBe(1000);
      expect((await call('/gx/GenerateOrderNft', other!, { nftId: 'x' })).statusCode).toBe(400);
      expect((await call('/gx/confirmOrdernft', other!, { orderNo: 'nope' })).statusCode).toBe(400);
    });
  },
  {},
  { seed: true },
);
