import { accountExport } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser } from '../../../test/auth-helpers.js';
import { creditPar, userIdOf } from '../../../test/ledger-helpers.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

describeEachDb(
  'downloading one’s data',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string };
    const post = (url: string, u: U | null, payload?: object) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: u?.auth ?? {}, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });

    it('answers one JSON document with profile, addresses, cards, orders, ledger, NFTs and cart; no secrets', async () => {
      const { app, db } = ctx();
      const u = await signedInUser(app, db);
      const id = await userIdOf(db, u.userName);
      await creditPar(db, id, 300_00);
      const product = await db.kysely.selectFrom('product').selectAll().where('stock', '>=', 3).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      await post('/user/add_user_address', u, { user_id: u.userName, label: 'Office', recipientName: 'Ada', contactPhone: '+14155550100', address1: '1 Market St', district: 'San Francisco', state: 'CA', zip: '94105', country: { value: 'US' } });
      const token = (await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', holderName: 'Ada' } })).json().data.token as string;
      await post('/user/add_card', u, { user_id: u.userName, token });
      const order = (await post('/ecommerce/CreateEcomOrder', u, { list: [{ id: product.id, qty: 1 }], shipping: SHIPPING })).json().data.orderNo as string;
      await post('/ecommerce/cart/update', u, { list: [{ id: product.id, qty: 2 }] });
      const nft = await db.kysely.selectFrom('nft_item').select(['id', 'name']).where('owner_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
      await db.kysely.updateTable('nft_item').set({ owner_id: id, listed: 0 }).where('id', '=', nft.id).execute();

      const res = await post('/user/export_data', u);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="parmeta-data-${u.userName}-\\d{4}-\\d{2}-\\d{2}\\.json"`));
      const data = accountExport.parse(res.json().data);
      expect(data.account).toMatchObject({ userName: u.userName, email: u.email, memberClass: 'standard' });
      expect(data.profile).toMatchObject({ firstName: 'Test', lastName: u.userName });
      expect(data.addresses).toEqual([expect.objectContaining({ label: 'Office', district: 'San Francisco', state: 'CA', zip: '94105' })]);
      expect(data.cards).toEqual([expect.objectContaining({ last4: '4242' })]);
      expect(data.orders.map((o) => o.orderNo)).toEqual([order]);
      expect(data.orders[0]!.shipping.shipping_address1).toBe(SHIPPING.shipping_address1);
      expect(data.ledger).toEqual([expect.objectContaining({ type: 'topup', amounts: { par: 300 } })]);
      expect(data.balances.par).toBe(300);
      expect(data.nfts.owned).toEqual([expect.objectContaining({ id: nft.id, name: nft.name })]);
      expect(data.cart).toEqual([{ id: product.id, qty: 2 }]);
      expect(data.reviews).toEqual([]); // no delivered order yet: see the next test
      expect(data.wishlist).toEqual([]);
      // What only works here stays here.
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain('$argon2id');
    });

    it('holds the member’s reviews (hidden too), wishlist and back-in-stock requests, per product and per variant, waiting and answered', async () => {
      const { app, db } = ctx();
      const u = await signedInUser(app, db, 'rev');
      const id = await userIdOf(db, u.userName);
      const now = Date.now();
      const [tee, hoodie] = await Promise.all(['everyday-organic-cotton-tee', 'trailhead-cotton-hoodie'].map((slug) => db.kysely.selectFrom('product').select(['id', 'name']).where('slug', '=', slug).executeTakeFirstOrThrow()));
      const navyL = await db.kysely.selectFrom('product_variant').select('id').where('product_id', '=', hoodie!.id).where('option_values', '=', JSON.stringify(['L', 'Navy'])).executeTakeFirstOrThrow();
      // Written straight to the tables: the rules for writing them are the reviews' and wishlist's own tests.
      await db.kysely.insertInto('product_review').values({ product_id: tee!.id, user_id: id, rating: 4, title: 'Soft and true to size', body: 'Washed it twice, still soft.', hidden: 1, created_at: now, edited_at: null, updated_at: now }).execute();
      await db.kysely.insertInto('wishlist_item').values({ user_id: id, product_id: hoodie!.id, created_at: now }).execute();
      await db.kysely
        .insertInto('stock_alert')
        .values([
          { user_id: id, product_id: tee!.id, variant_id: null, created_at: now - 1000, notified_at: now },
          { user_id: id, product_id: hoodie!.id, variant_id: navyL.id, created_at: now, notified_at: null },
        ])
        .execute();
      const data = accountExport.parse((await post('/user/export_data', u)).json().data);
      expect(data.reviews).toEqual([{ productId: tee!.id, productName: tee!.name, rating: 4, title: 'Soft and true to size', body: 'Washed it twice, still soft.', helpfulCount: 0, hidden: true, createdAt: now, editedAt: null }]);
      expect(data.wishlist).toEqual([{ productId: hoodie!.id, productName: hoodie!.name, addedAt: now }]);
      expect(data.stockAlerts).toEqual([
        { productId: tee!.id, productName: tee!.name, variantId: null, variant: null, requestedAt: now - 1000, notifiedAt: now },
        { productId: hoodie!.id, productName: hoodie!.name, variantId: navyL.id, variant: 'Size: L, Colour: Navy', requestedAt: now, notifiedAt: null },
      ]);
      // Another member's export holds none of it.
      const other = accountExport.parse((await post('/user/export_data', await signedInUser(app, db, 'oth'))).json().data);
      expect(other).toMatchObject({ reviews: [], wishlist: [], stockAlerts: [] });
    });

    it("holds nothing of another member's, and needs a session", async () => {
      const { app, db } = ctx();
      const alice = await signedInUser(app, db, 'alice');
      const bob = await signedInUser(app, db, 'bob');
      await post('/user/add_user_address', bob, { user_id: bob.userName, recipientName: 'Bob Secret', contactPhone: '+14155550199', address1: '9 Hidden Way', district: 'Austin', state: 'TX', zip: '73301', country: { value: 'US' } });
      const res = await post('/user/export_data', alice);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(bob.userName);
      expect(res.body).not.toContain('Hidden Way');
      expect(res.json().data.addresses).toEqual([]);
      expect((await post('/user/export_data', null)).statusCode).toBe(401);
    });
  },
  {},
  { seed: true },
);
