import { SANDBOX_CARDS } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp } from '../../../test/auth-helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { FiatService } from './fiat.service.js';

const CARD = { expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Card Holder' };

describeEachDb(
  'fiat orders through the sandbox gateway',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const call = (path: string, u: U, payload: object = {}, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: { ...u.auth, ...headers }, payload });
    const tokenFor = async (number: string) => (await ctx().app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number } })).json().data.token as string;
    const paymentToken = async (u: U) => (await call('/gx/AuthToken', u)).json().data.accessToken as string;
    const par = async (u: U) => (await call('/gx/Userdata', u)).json().data.balances.par as number;
    const fiat = async (u: U, body: object, token?: string, headers: Record<string, string> = {}) =>
      call('/gx/GenerateOrderFiat', u, body, { ...(token ? { 'x-payment-token': token } : {}), ...headers });

    it('tops up par with a test card, once per payment token', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const token = await paymentToken(u!);
      const cardToken = await tokenFor(SANDBOX_CARDS.success);
      const res = await fiat(u!, { type: 'topup', amount: 25.5, cardToken }, token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ order: { type: 'topup', amount: 25.5, status: 'paid' }, balances: { par: 25.5 } });
      await new Promise((r) => setTimeout(r, 50)); // let the gateway's own callback arrive too
      expect(await par(u!)).toBe(25.5);
      const reused = await fiat(u!, { type: 'topup', amount: 25.5, cardToken }, token);
      expect(reused.statusCode).toBe(401);
      expect(await par(u!)).toBe(25.5);
      const history = (await ctx().app.inject({ method: 'POST', url: `/api/gx/SelTransactionPayment?userId=${u!.userName}`, headers: u!.auth })).json().data.items;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ type: 'topup', amounts: { par: 25.5 }, counterparty: 'Payment gateway', reference: res.json().data.order.orderNo });
      await expectLedgerConsistent(ctx().db);
    });

    it('requires the payment token, refuses declined cards and gateway errors with nothing credited', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const good = await tokenFor(SANDBOX_CARDS.success);
      expect((await fiat(u!, { type: 'topup', amount: 10, cardToken: good })).statusCode).toBe(401);
      expect((await fiat(u!, { type: 'topup', amount: 10, cardToken: good }, 'made-up-token')).statusCode).toBe(401);
      const declined = await fiat(u!, { type: 'topup', amount: 10, cardToken: await tokenFor(SANDBOX_CARDS.declined) }, await paymentToken(u!));
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toMatchObject({ status: false, msg: expect.stringMatching(/declined/) });
      const broken = await fiat(u!, { type: 'topup', amount: 10, cardToken: await tokenFor(SANDBOX_CARDS.gatewayError) }, await paymentToken(u!));
      expect(broken.statusCode).toBe(422);
      expect(broken.json().msg).toMatch(/processing error/);
      expect(await par(u!)).toBe(0);
      const bad = await fiat(u!, { type: 'topup', amount: 0, cardToken: good }, await paymentToken(u!));
      expect(bad.statusCode).toBe(400);
      const both = await fiat(u!, { type: 'topup', amount: 5, cardToken: good, card_id: 1 }, await paymentToken(u!));
      expect(both.statusCode).toBe(400);
    });

    it("another user's payment token or saved card is useless", async () => {
      const [alice, bob] = await quickUsers(ctx().db, ctx().config, 2);
      const bobsToken = await paymentToken(bob!);
      expect((await fiat(alice!, { type: 'topup', amount: 10, cardToken: await tokenFor(SANDBOX_CARDS.success) }, bobsToken)).statusCode).toBe(401);
      const saved = await call('/user/add_card', bob!, { user_id: bob!.userName, token: await tokenFor(SANDBOX_CARDS.success) });
      const cardId = saved.json().data.card_id as number;
      const stolen = await fiat(alice!, { type: 'topup', amount: 10, card_id: cardId }, await paymentToken(alice!));
      expect(stolen.statusCode).toBe(404);
      expect(await par(alice!)).toBe(0);
      const own = await fiat(bob!, { type: 'topup', amount: 10, card_id: cardId }, await paymentToken(bob!));
      expect(own.statusCode).toBe(201);
    });

    it('buys a listed NFT directly by card', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const nft = (await call('/gx/market_products', u!, { sort: 'price_asc' })).json().data.items[0] as { id: number; price: number };
      const res = await fiat(u!, { type: 'nft', nftId: nft.id, cardToken: await tokenFor(SANDBOX_CARDS.success) }, await paymentToken(u!));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.order).toMatchObject({ type: 'nft', amount: nft.price, status: 'paid', nftId: nft.id });
      expect((await call('/gx/my_nfts', u!)).json().data.map((n: { id: number }) => n.id)).toEqual([nft.id]);
      expect(await par(u!)).toBe(0);
      await expectLedgerConsistent(ctx().db);
    });

    it('a declined card releases the NFT it had reserved', async () => {
      const [u, other] = await quickUsers(ctx().db, ctx().config, 2, 100_000);
      const nft = (await call('/gx/market_products', u!, { sort: 'price_desc' })).json().data.items[0] as { id: number };
      const res = await fiat(u!, { type: 'nft', nftId: nft.id, cardToken: await tokenFor(SANDBOX_CARDS.declined) }, await paymentToken(u!));
      expect(res.statusCode).toBe(422);
      expect((await call('/gx/GenerateOrderNft', other!, { nftId: nft.id })).statusCode).toBe(201);
    });

    it('duplicate gateway confirmations (client and callback racing, and replays) credit once', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const res = await fiat(u!, { type: 'topup', amount: 40, cardToken: await tokenFor(SANDBOX_CARDS.success) }, await paymentToken(u!));
      const orderNo = res.json().data.order.orderNo as string;
      const order = await ctx().db.kysely.selectFrom('fiat_order').select('charge_id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
      const event = { eventId: `evt_${order.charge_id}`, type: 'charge.succeeded' as const, chargeId: order.charge_id!, reference: orderNo };
      const signer = new FiatService(ctx().db, undefined as never, undefined as never, undefined as never, undefined as never, undefined as never, ctx().config);
      const signature = signer.signEvent(event);
      const replays = await Promise.all(Array.from({ length: 20 }, () => ctx().app.inject({ method: 'POST', url: '/api/gateway/webhook', headers: { 'x-gateway-signature': signature }, payload: event })));
      expect(replays.every((r) => r.statusCode === 200 && r.json().data.applied === false)).toBe(true);
      const forged = await ctx().app.inject({ method: 'POST', url: '/api/gateway/webhook', headers: { 'x-gateway-signature': '00'.repeat(32) }, payload: { ...event, eventId: 'evt_forged' } });
      expect(forged.statusCode).toBe(400);
      expect(await par(u!)).toBe(40);
      const events = await ctx().db.kysely.selectFrom('gateway_event').select('event_id').where('reference', '=', orderNo).execute();
      expect(events).toHaveLength(1);
      await expectLedgerConsistent(ctx().db);
    });

    it('an Idempotency-Key on a card payment charges once even when sent concurrently', async () => {
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      const token = await paymentToken(u!);
      const cardToken = await tokenFor(SANDBOX_CARDS.success);
      const key = { 'idempotency-key': `fiat-${Date.now()}` };
      const results = await Promise.all(Array.from({ length: 10 }, () => fiat(u!, { type: 'topup', amount: 15, cardToken }, token, key)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.json().data.order.orderNo)).size).toBe(1);
      expect(await par(u!)).toBe(15);
      const charges = await ctx().db.kysely.selectFrom('gateway_charge').select('id').where('token', '=', cardToken).execute();
      expect(charges).toHaveLength(1);
    });
  },
  {},
  { seed: true },
);
