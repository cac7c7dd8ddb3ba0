import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, signIn, signedInUser } from '../../../test/auth-helpers.js';
import { creditPar, creditPoints, expectLedgerConsistent, userIdOf } from '../../../test/ledger-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

const ADDRESS = {
  label: 'Home',
  recipientName: 'Ada Lovelace',
  contactPhone: '+447700900123',
  address1: '12 St James Square',
  district: 'London',
  zip: 'SW1Y 4JH',
  country: { value: 'GB' },
};

describeEachDb(
  'closing an account',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string };
    const post = (url: string, u: U | null, payload?: object) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: u?.auth ?? {}, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
    const product = () => ctx().db.kysely.selectFrom('product').selectAll().where('stock', '>=', 5).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const order = async (u: U) => {
      const res = await post('/ecommerce/CreateEcomOrder', u, { list: [{ id: (await product()).id, qty: 1 }], shipping: SHIPPING, note: 'Ring twice' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.orderNo as string;
    };
    const close = (u: U, password = PASSWORD) => post('/user/delete_account', u, { password });

    it('refuses while money, orders or NFTs are open, naming each, and changes nothing', async () => {
      const { app, db } = ctx();
      const u = await signedInUser(app, db);
      const id = await userIdOf(db, u.userName);
      await creditPar(db, id, 5000_00);
      expect((await post('/gx/tranfer_par_to_meta', u, { amount: 1 })).statusCode).toBe(200);
      expect((await post('/gx/transfer_par_off', u, { amount: 10, destination: `0x${'a'.repeat(40)}` })).statusCode).toBe(201);
      const unpaid = await order(u);
      const paid = await order(u);
      expect((await post('/ecommerce/paid_order', u, { orderNo: paid, method: 'par' })).statusCode).toBe(200);
      const nft = await db.kysely.selectFrom('nft_item').select('id').where('owner_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
      await db.kysely.updateTable('nft_item').set({ owner_id: id, listed: 0 }).where('id', '=', nft.id).execute();

      const status = (await post('/user/account_status', u)).json().data as { deletionBlockers: string[] };
      const refused = await close(u);
      expect(refused.statusCode).toBe(422);
      const msg = refused.json().msg as string;
      for (const [pattern, reason] of [
        [/par\. Withdraw it/, 'par'],
        [/1\.00 meta/, 'meta'],
        [/withdrawal of 10\.00 par is still being processed/, 'payout'],
        [new RegExp(`Order ${unpaid} is waiting for payment`), 'unpaid order'],
        [new RegExp(`Order ${paid} has not been shipped`), 'unshipped order'],
        [/You own 1 NFT/, 'NFT'],
      ] as const) {
        expect(msg, reason).toMatch(pattern);
        expect(status.deletionBlockers.some((b) => pattern.test(b)), reason).toBe(true);
      }
      expect((await post('/user/detail', u, { user_id: u.userName })).statusCode).toBe(200);
      expect((await signIn(app, u.userName)).statusCode).toBe(200);
      const row = await db.kysely.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.deleted_at).toBeNull();
    });

    it('erases the personal data, keeps ledger and orders for the accounts, ends every session, frees name and email', async () => {
      const { app, db, config } = ctx();
      const u = await signedInUser(app, db);
      const id = await userIdOf(db, u.userName);
      const other = (await signIn(app, u.userName)).json().data as { refreshToken: { token: string } };
      await creditPoints(db, id, 120);
      const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 9, b: 9 } } }).jpeg().toBuffer();
      const body = multipart({ firstName: 'Ada', lastName: 'Lovelace', phone: '+447700900123', birthday: '1990-12-10' }, { field: 'img', filename: 'me.jpg', type: 'image/jpeg', bytes: jpeg });
      const profile = await app.inject({ method: 'POST', url: '/api/user/edit_profile', headers: { ...u.auth, ...body.headers }, payload: body.payload });
      const avatarFile = path.join(config.mediaDir, (profile.json().data.img as string).replace('/media/', ''));
      expect(existsSync(avatarFile)).toBe(true);
      expect((await post('/user/add_user_address', u, { ...ADDRESS, user_id: u.userName })).statusCode).toBe(201);
      const token = (await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', holderName: 'Ada Lovelace' } })).json().data.token as string;
      expect((await post('/user/add_card', u, { user_id: u.userName, token })).statusCode).toBe(201);
      expect((await post('/ecommerce/cart/update', u, { list: [{ id: (await product()).id, qty: 2 }] })).statusCode).toBe(200);
      const cancelled = await order(u);
      expect((await app.inject({ method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${cancelled}`, headers: u.auth })).statusCode).toBe(200);
      const entriesBefore = await db.kysely.selectFrom('posting').innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id').select('posting.id').where('ledger_account.user_id', '=', id).execute();

      const wrong = await close(u, 'certainly not my password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.password).toMatch(/not your current password/);

      const status = (await post('/user/account_status', u)).json().data;
      expect(status).toMatchObject({ deletionBlockers: [], premiumPoints: 120 });
      const closed = await close(u);
      expect(closed.statusCode, closed.body).toBe(200);

      // Signed out everywhere, and nobody signs in as this account again.
      expect((await post('/user/detail', u, { user_id: u.userName })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${other.refreshToken.token}` } })).statusCode).toBe(401);
      expect((await signIn(app, u.userName)).statusCode).toBe(401);
      expect((await signIn(app, u.email)).statusCode).toBe(401);

      const row = await db.kysely.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_name: `deleted.${id}`, full_name: 'Deleted member', email: `deleted.${id}@deleted.invalid`, email_verified_at: null });
      expect(row.deleted_at).not.toBeNull();
      for (const table of ['user_profile', 'user_address', 'user_card', 'cart_line', 'email_token'] as const) {
        expect(await db.kysely.selectFrom(table).select('user_id').where('user_id', '=', id).execute(), table).toEqual([]);
      }
      expect(await db.kysely.selectFrom('gateway_card').select('token').where('token', '=', token).execute()).toEqual([]);
      expect(existsSync(avatarFile)).toBe(false);
      const dump = JSON.stringify(await db.kysely.selectFrom('shop_order').selectAll().where('user_id', '=', id).execute());
      for (const personal of [SHIPPING.shipping_email, SHIPPING.shipping_contact, SHIPPING.shipping_address1, SHIPPING.shipping_name, 'Ring twice']) expect(dump).not.toContain(personal);
      expect(dump).toContain(cancelled);
      expect(dump).toContain(SHIPPING.shipping_zip);
      const entriesAfter = await db.kysely.selectFrom('posting').innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id').select('posting.id').where('ledger_account.user_id', '=', id).execute();
      expect(entriesAfter).toEqual(entriesBefore);
      await expectLedgerConsistent(db);
      const mails = await db.kysely.selectFrom('mail_outbox').select(['kind', 'status']).where('to_address', '=', u.email).execute();
      expect(mails).toEqual([{ kind: 'account_closed', status: 'pending' }]);

      // The user name and email are free again.
      const again = await app.inject({ method: 'POST', url: '/api/auth/local/signup', remoteAddress: freshIp(), payload: { userName: u.userName, fullName: 'New Person', email: u.email, password: PASSWORD } });
      expect(again.statusCode, again.body).toBe(201);
    });

    it('refuses bad input and needs a session', async () => {
      const { app, db } = ctx();
      const u = await signedInUser(app, db);
      expect((await post('/user/delete_account', null, { password: PASSWORD })).statusCode).toBe(401);
      expect((await post('/user/delete_account', u, {})).json().fields.password).toMatch(/required/);
      expect((await post('/user/delete_account', u, { password: PASSWORD, user_id: 'someone_else' })).statusCode).toBe(400);
      expect((await post('/user/account_status', null)).statusCode).toBe(401);
      expect((await signIn(app, u.userName)).statusCode).toBe(200);
    });

    it("closes only the caller's account: another member's password does not close theirs", async () => {
      const { app, db } = ctx();
      const alice = await signedInUser(app, db, 'alice');
      const bob = await signedInUser(app, db, 'bob');
      const bobId = await userIdOf(db, bob.userName);
      await creditPar(db, bobId, 5_00);
      // Alice's status says nothing of Bob's par.
      expect((await post('/user/account_status', alice)).json().data.deletionBlockers).toEqual([]);
      expect((await close(alice)).statusCode).toBe(200);
      expect((await post('/user/detail', bob, { user_id: bob.userName })).statusCode).toBe(200);
      expect((await db.kysely.selectFrom('app_user').select('deleted_at').where('id', '=', bobId).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    });

    it('closing and ordering at the same moment: either the order is there and closing refused, or the account closed and the order refused', async () => {
      const { app, db } = ctx();
      const outcomes = new Set<string>();
      for (let round = 0; round < 4; round++) {
        const u = await signedInUser(app, db, 'race');
        const id = await userIdOf(db, u.userName);
        const p = await product();
        const [closing, ordering] = await Promise.all([close(u), post('/ecommerce/CreateEcomOrder', u, { list: [{ id: p.id, qty: 1 }], shipping: SHIPPING })]);
        const row = await db.kysely.selectFrom('app_user').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
        const pending = await db.kysely.selectFrom('shop_order').select('id').where('user_id', '=', id).where('status', '=', 'pending_payment').execute();
        if (closing.statusCode === 200) {
          expect(row.deleted_at).not.toBeNull();
          expect([401, 404]).toContain(ordering.statusCode);
          expect(pending).toEqual([]);
        } else {
          expect(closing.statusCode).toBe(422);
          expect(ordering.statusCode).toBe(201);
          expect(row.deleted_at).toBeNull();
          expect(pending).toHaveLength(1);
        }
        outcomes.add(`${closing.statusCode}/${ordering.statusCode}`);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  },
  {},
  { seed: true },
);
