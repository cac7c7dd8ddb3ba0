import { SANDBOX_CARDS } from '@parmeta/contracts';
import type { Response } from 'light-my-request';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, latestMailLink, signIn, signedInUser } from '../../../test/auth-helpers.js';
import { creditPar, creditPoints, expectLedgerConsistent, userIdOf } from '../../../test/ledger-helpers.js';
import { multipart } from '../../../test/multipart.js';

const CARD = { expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Card Holder' };
const ROUNDS = 6;
const GONE = [401, 404];

/**
 * Closing an account raced against each change that starts money moving or writes personal
 * data. Closing checks the password first (tens of milliseconds of hashing), so the other request
 * starts at a different moment of that in each round: before the closing's transaction, inside
 * it, and after. Whatever the interleaving, either the change is there and the closing saw it, or
 * the account is closed and the change left nothing behind.
 */
describeEachDb(
  'closing an account while other changes run',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string };
    const post = (url: string, u: U, payload: object = {}, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: { ...u.auth, ...headers }, remoteAddress: freshIp(), payload });
    const close = (u: U) => post('/user/delete_account', u, { password: PASSWORD });
    const closed = async (id: number) => (await ctx().db.kysely.selectFrom('app_user').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at !== null;
    const par = (id: number) =>
      ctx().db.kysely.selectFrom('ledger_account').select('balance').where('user_id', '=', id).where('asset', '=', 'par').executeTakeFirstOrThrow().then((r) => Number(r.balance));

    /** How long a closing takes on this machine (a refused one: same password check, same transaction). */
    let closingMs = 0;
    const measure = async () => {
      if (closingMs > 0) return;
      const u = await signedInUser(ctx().app, ctx().db, 'timing');
      await creditPoints(ctx().db, await userIdOf(ctx().db, u.userName), 1);
      const start = performance.now();
      await post('/user/delete_account', u, { password: `${PASSWORD}x` });
      closingMs = performance.now() - start;
    };

    /** The closing and `other` at once, `other` delayed by a share of a closing's time that grows with the round. */
    async function race(round: number, u: U, other: () => Promise<Response>) {
      await measure();
      const delay = (closingMs * round) / (ROUNDS - 1);
      const [closing, change] = await Promise.all([close(u), new Promise<void>((r) => setTimeout(r, delay)).then(other)]);
      expect([200, 422], closing.body).toContain(closing.statusCode);
      return { closing: closing.statusCode, change };
    }

    it('a card top-up: either it is paid and the closing refused, or the account closed and nothing was charged', async () => {
      const { app, db } = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'topup');
        const id = await userIdOf(db, u.userName);
        const paymentToken = (await post('/gx/AuthToken', u)).json().data.accessToken as string;
        const cardToken = (await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number: SANDBOX_CARDS.success } })).json().data.token as string;
        const { closing, change } = await race(round, u, () => post('/gx/GenerateOrderFiat', u, { type: 'topup', amount: 12.5, cardToken }, { 'x-payment-token': paymentToken }));
        const orders = await db.kysely.selectFrom('fiat_order').select('status').where('user_id', '=', id).execute();
        if (closing === 200) {
          expect(GONE, change.body).toContain(change.statusCode);
          expect(orders).toEqual([]);
          expect(await par(id)).toBe(0);
        } else {
          expect(change.statusCode, change.body).toBe(201);
          expect(orders).toEqual([{ status: 'paid' }]);
          expect(await par(id)).toBe(12_50);
          expect(await closed(id)).toBe(false);
        }
      }
      await expectLedgerConsistent(db);
    });

    it('an NFT reservation: either it holds the NFT and the closing is refused, or the account closed and the NFT stays free', async () => {
      const { app, db } = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'nft');
        const id = await userIdOf(db, u.userName);
        const nft = await db.kysely.selectFrom('nft_item').select('id').where('owner_id', 'is', null).where('listed', '=', 1).where('reserved_by', 'is', null).orderBy('id').executeTakeFirstOrThrow();
        const { closing, change } = await race(round, u, () => post('/gx/GenerateOrderNft', u, { nftId: nft.id }));
        const orders = await db.kysely.selectFrom('nft_order').select('status').where('buyer_id', '=', id).execute();
        const item = await db.kysely.selectFrom('nft_item').select('reserved_by').where('id', '=', nft.id).executeTakeFirstOrThrow();
        if (closing === 200) {
          expect(GONE, change.body).toContain(change.statusCode);
          expect(orders).toEqual([]);
          expect(item.reserved_by).toBeNull();
        } else {
          expect(change.statusCode, change.body).toBe(201);
          expect(orders).toEqual([{ status: 'reserved' }]);
          expect(item.reserved_by).toBe(id);
          // Frees the NFT for the next round.
          expect((await post('/gx/cancelOrdernft', u, { orderNo: change.json().data.orderNo })).statusCode).toBe(200);
        }
      }
    });

    it('an NFT paid by card and with par at once: one payment buys it, the other is turned down in plain words, the closing is refused', async () => {
      const { app, db } = ctx();
      const cardToken = (await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number: SANDBOX_CARDS.success } })).json().data.token as string;
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'nftpay');
        const id = await userIdOf(db, u.userName);
        const nft = await db.kysely.selectFrom('nft_item').select(['id', 'price']).where('owner_id', 'is', null).where('listed', '=', 1).where('reserved_by', 'is', null).orderBy('id').executeTakeFirstOrThrow();
        await creditPar(db, id, Number(nft.price));
        const orderNo = (await post('/gx/GenerateOrderNft', u, { nftId: nft.id })).json().data.orderNo as string;
        const paymentToken = (await post('/gx/AuthToken', u)).json().data.accessToken as string;
        // The card's charge is applied under the order's lock while the par payment, holding the
        // buyer, waits for that lock, and the closing queues on the buyer's row.
        const byCard = () => post('/gx/GenerateOrderFiat', u, { type: 'nft', nftId: nft.id, cardToken }, { 'x-payment-token': paymentToken });
        const byPar = () => post('/gx/confirmOrdernft', u, { orderNo });
        const { closing, change } = await race(round, u, async () => {
          const [card, parPaid] = await Promise.all([byCard(), byPar()]);
          for (const answer of [card, parPaid]) expect(answer.statusCode, answer.body).toBeLessThan(500);
          return card;
        });
        expect(closing, change.body).toBe(422);
        const owner = await db.kysely.selectFrom('nft_item').select('owner_id').where('id', '=', nft.id).executeTakeFirstOrThrow();
        expect(owner.owner_id).toBe(id);
        const paid = await db.kysely.selectFrom('nft_order').select('status').where('buyer_id', '=', id).where('status', '=', 'paid').execute();
        expect(paid).toHaveLength(1);
      }
      await expectLedgerConsistent(db);
    });

    it('points to par: either the par is there and the closing refused, or the account closed with its points unconverted', async () => {
      const { app, db, config } = ctx();
      const { premiumPerPar, premiumMinPoints } = config.rules;
      const points = premiumPerPar * Math.max(1, Math.ceil(premiumMinPoints / premiumPerPar));
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'points');
        const id = await userIdOf(db, u.userName);
        await creditPoints(db, id, points);
        const { closing, change } = await race(round, u, () => post('/gx/Premium_To_Par', u, { points }));
        if (closing === 200) {
          expect(GONE, change.body).toContain(change.statusCode);
          expect(await par(id)).toBe(0);
        } else {
          expect(change.statusCode, change.body).toBe(200);
          expect(await par(id)).toBe((points * 100) / premiumPerPar);
          expect(await closed(id)).toBe(false);
        }
      }
      await expectLedgerConsistent(db);
    });

    it('opening an email-change link: the account ends closed under an address nobody has, and no change is left pending', async () => {
      const { app, db } = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'mail');
        const id = await userIdOf(db, u.userName);
        const newEmail = `moved_${u.userName}@example.test`;
        expect((await post('/user/change_email', u, { newEmail, password: PASSWORD })).statusCode).toBe(200);
        const signature = await latestMailLink(db, newEmail, 'signature');
        const { closing, change } = await race(round, u, () => app.inject({ method: 'POST', url: '/api/user/confirm_email_change', remoteAddress: freshIp(), payload: { signature } }));
        expect(closing).toBe(200);
        expect([200, 422], change.body).toContain(change.statusCode);
        const user = await db.kysely.selectFrom('app_user').select('email').where('id', '=', id).executeTakeFirstOrThrow();
        expect(user.email).toBe(`deleted.${id}@deleted.invalid`);
        expect(await db.kysely.selectFrom('email_change').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      }
    });

    it('a change to the cart: no error, and a closed account has no cart', async () => {
      const { app, db } = ctx();
      const products = await db.kysely.selectFrom('product').select('id').where('active', '=', 1).where('options', '=', '[]').orderBy('id').limit(2).execute();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'cart');
        const id = await userIdOf(db, u.userName);
        expect((await post('/ecommerce/cart/update', u, { list: [{ id: products[0]!.id, qty: 1 }] })).statusCode).toBe(200);
        const { closing, change } = await race(round, u, () => post('/ecommerce/cart/update', u, { list: [{ id: products[1]!.id, qty: 2 }, { id: products[0]!.id, qty: 1 }] }));
        expect(closing).toBe(200);
        expect([200, ...GONE], change.body).toContain(change.statusCode);
        expect(await db.kysely.selectFrom('cart_line').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
        expect(await db.kysely.selectFrom('cart').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      }
    });

    it('a sign-in on another device: a closed account is left with no session that works', async () => {
      const { app, db } = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'device');
        const id = await userIdOf(db, u.userName);
        const { closing, change } = await race(round, u, () => signIn(app, u.userName));
        expect(closing).toBe(200);
        expect([200, ...GONE], change.body).toContain(change.statusCode);
        expect(await db.kysely.selectFrom('auth_session').select('id').where('user_id', '=', id).where('revoked_at', 'is', null).execute()).toEqual([]);
        if (change.statusCode === 200) {
          const token = (change.json().data as { accessToken: { token: string } }).accessToken.token;
          expect((await post('/user/detail', { auth: { authorization: `Bearer ${token}` }, userName: u.userName }, { user_id: u.userName })).statusCode).toBe(401);
        }
      }
    });

    it('a profile edit or a new address: a closed account keeps none of it', async () => {
      const { app, db } = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const u = await signedInUser(app, db, 'profile');
        const id = await userIdOf(db, u.userName);
        const address = { label: 'Home', recipientName: 'Ada Lovelace', contactPhone: '+447700900123', address1: '12 St James Square', district: 'London', zip: 'SW1Y 4JH', country: { value: 'GB' }, user_id: u.userName };
        const form = multipart({ firstName: 'Ada', lastName: 'Lovelace', phone: '+447700900123' });
        const edit = () => app.inject({ method: 'POST', url: '/api/user/edit_profile', headers: { ...u.auth, ...form.headers }, payload: form.payload });
        const { closing, change } = await race(round, u, async () => {
          const [a, b] = await Promise.all([edit(), post('/user/add_user_address', u, address)]);
          return a.statusCode >= 300 ? a : b;
        });
        expect(closing).toBe(200);
        expect([200, 201, ...GONE], change.body).toContain(change.statusCode);
        const user = await db.kysely.selectFrom('app_user').select(['full_name', 'deleted_at']).where('id', '=', id).executeTakeFirstOrThrow();
        expect(user.full_name).toBe('Deleted member');
        expect(await db.kysely.selectFrom('user_profile').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
        expect(await db.kysely.selectFrom('user_address').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
      }
    });
  },
  {},
  { seed: true },
);
