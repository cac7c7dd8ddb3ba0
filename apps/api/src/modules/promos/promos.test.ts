import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

describeEachDb(
  'promo codes',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const post = (url: string, u: U, payload: object = {}, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: { ...u.auth, ...headers }, payload });
    const users = (n: number) => quickUsers(ctx().db, ctx().config, n);
    const create = (u: U, list: object[], promoCode?: string, headers: Record<string, string> = {}) => post('/ecommerce/CreateEcomOrder', u, { list, shipping: SHIPPING, ...(promoCode ? { promoCode } : {}) }, headers);
    /** A plain product with plenty of stock at a known price, in a known category. */
    const product = async (price: number, category = 'books') => {
      const cat = await ctx().db.kysely.selectFrom('product_category').select('id').where('slug', '=', category).executeTakeFirstOrThrow();
      const now = Date.now();
      const slug = `promo-${Math.random().toString(36).slice(2, 9)}`;
      const row = await ctx()
        .db.kysely.insertInto('product')
        .values({ slug, name: `Promo ${slug}`, description: 'x', category_id: cat.id, images: '["/demo/x.webp"]', price, stock: 1000, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const code = () => `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const newCode = async (fields: object = {}) => {
      const a = await quickAdmin(ctx().db, ctx().config);
      const body = { code: code(), kind: 'percent', value: 10, startsAt: Date.now() - 60_000, maxUsesPerMember: null, ...fields };
      const res = await post('/admin/promos/create', a, body);
      expect(res.statusCode, res.body).toBe(201);
      return { admin: a, promo: res.json().data as { id: number; code: string; uses: number } };
    };
    const usesOf = async (id: number) => (await ctx().db.kysely.selectFrom('promo_code').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

    it('prices a code after the member-class discount, in the quote and the order alike; the order keeps the code', async () => {
      const [u] = await users(1);
      await ctx().db.kysely.updateTable('app_user').set({ lifetime_spend: 250_000 }).where('id', '=', u!.id).execute(); // gold: 5%
      const id = await product(4_000);
      const { promo } = await newCode({ value: 10 });
      const quote = await post('/ecommerce/promo/quote', u!, { code: promo.code.toLowerCase(), list: [{ id, qty: 2 }] });
      expect(quote.statusCode, quote.body).toBe(200);
      // 80.00, 5% member discount (4.00), then 10% of the 76.00 left (7.60); free shipping from 50.
      expect(quote.json().data).toEqual({ code: promo.code, subtotal: 80, memberDiscount: 4, promoDiscount: 7.6, shipping: 0, total: 68.4 });
      const order = await create(u!, [{ id, qty: 2 }], promo.code);
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().data.price).toEqual({ subtotal: 80, discount: 11.6, shipping: 0, total: 68.4, promo: { code: promo.code, discount: 7.6 } });
      const priced = await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/GetPriceOrder?orderNo=${order.json().data.orderNo}`, headers: u!.auth });
      expect(priced.json().data).toEqual(order.json().data.price);
      expect(await usesOf(promo.id)).toBe(1);
      // A fixed amount never takes the goods below 0.01, and shipping is counted after it.
      const { promo: big } = await newCode({ kind: 'fixed', value: 500 });
      const [v] = await users(1);
      const small = await create(v!, [{ id: await product(1_000), qty: 1 }], big.code);
      expect(small.json().data.price).toEqual({ subtotal: 10, discount: 9.99, shipping: 5, total: 5.01, promo: { code: big.code, discount: 9.99 } });
    });

    it('refuses a bad, unknown, disabled, early, expired, used-up, too-small or wrong-category code in plain words, and nothing changes', async () => {
      const [u] = await users(1);
      const id = await product(2_000);
      const list = [{ id, qty: 1 }];
      const cases: [object, number, RegExp][] = [];
      const unknown = code();
      cases.push([{ code: unknown }, 404, new RegExp(`There is no promo code ${unknown}`)]);
      const disabled = await newCode();
      expect((await post('/admin/promos/disable', disabled.admin, { id: disabled.promo.id })).statusCode).toBe(200);
      cases.push([{ code: disabled.promo.code }, 422, /no longer valid/]);
      const early = await newCode({ startsAt: Date.now() + 86_400_000 });
      cases.push([{ code: early.promo.code }, 422, /can be used from/]);
      const expired = await newCode({ startsAt: Date.now() - 86_400_000, endsAt: Date.now() - 1000 });
      cases.push([{ code: expired.promo.code }, 422, /expired on/]);
      const min = await newCode({ minOrder: 50 });
      cases.push([{ code: min.promo.code }, 422, /needs an order of at least 50\.00 par before discounts; this one is 20\.00 par/]);
      const fashion = await newCode({ category: 'fashion' });
      cases.push([{ code: fashion.promo.code }, 422, /only for Fashion products/]);
      const once = await newCode({ maxUses: 1 });
      const [other] = await users(1);
      expect((await create(other!, list, once.promo.code)).statusCode).toBe(201);
      cases.push([{ code: once.promo.code }, 422, /has been used up/]);
      for (const [body, status, msg] of cases) {
        for (const res of [await post('/ecommerce/promo/quote', u!, { ...body, list }), await create(u!, list, (body as { code: string }).code)]) {
          expect(res.statusCode, res.body).toBe(status);
          expect(res.json()).toMatchObject({ status: false });
          expect(res.json().msg).toMatch(msg);
        }
      }
      const malformed = [await post('/ecommerce/promo/quote', u!, { code: 'a b', list }), await post('/ecommerce/promo/quote', u!, { code: 'OK1', list: [] }), await create(u!, list, 'x!')];
      expect(malformed.map((r) => r.statusCode)).toEqual([400, 400, 400]);
      expect(await ctx().db.kysely.selectFrom('shop_order').select('id').where('user_id', '=', u!.id).execute()).toEqual([]);
      // Not signed in: 401.
      expect((await ctx().app.inject({ method: 'POST', url: '/api/ecommerce/promo/quote', payload: { code: once.promo.code, list } })).statusCode).toBe(401);
    });

    it('a code with 10 uses left is used exactly 10 times by 30 concurrent orders; cancels give uses back exactly once', async () => {
      const id = await product(1_500);
      const { promo, admin } = await newCode({ maxUses: 10, maxUsesPerMember: 1 });
      const buyers = await users(30);
      const results = await Promise.all(buyers.map((b) => create(b, [{ id, qty: 1 }], promo.code)));
      const won = results.filter((r) => r.statusCode === 201);
      expect(won).toHaveLength(10);
      expect(results.filter((r) => r.statusCode === 422).map((r) => r.json().msg)).toEqual(Array(20).fill(`The code ${promo.code} has been used up.`));
      expect(await usesOf(promo.id)).toBe(10);
      for (const r of won) expect(r.json().data.price.promo).toEqual({ code: promo.code, discount: 1.5 });

      // The buyer and the admin cancel the same order at once, twice over: one use back per order.
      const orders = won.map((r) => r.json().data as { orderNo: string; userId: string });
      const owner = (o: { userId: string }) => buyers.find((b) => b.userName === o.userId)!;
      const [a, b, c] = orders;
      await Promise.all([a!, b!].flatMap((o) => [post(`/ecommerce/CancelOrderEcom?orderNo=${o.orderNo}`, owner(o)), post('/admin/orders/cancel', admin, { orderNo: o.orderNo }), post(`/ecommerce/CancelOrderEcom?orderNo=${o.orderNo}`, owner(o))]));
      expect(await usesOf(promo.id)).toBe(8);
      // Expiry gives one back too, once however often housekeeping runs.
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: 1 }).where('order_no', '=', c!.orderNo).execute();
      await Promise.all([ctx().app.services.lifecycle.expire(), ctx().app.services.lifecycle.expire()]);
      expect(await usesOf(promo.id)).toBe(7);
      // The freed uses go to the next 3 of many.
      const late = await users(8);
      const again = await Promise.all(late.map((u) => create(u, [{ id, qty: 1 }], promo.code)));
      expect(again.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(await usesOf(promo.id)).toBe(10);
      // The member who cancelled may use it again (their use came back).
      const released = await ctx().db.kysely.selectFrom('promo_redemption').select('id').where('code_id', '=', promo.id).where('released_at', 'is not', null).execute();
      expect(released).toHaveLength(3);
    });

    it('uses per member hold under concurrent orders of one member', async () => {
      const id = await product(1_500);
      const { promo } = await newCode({ maxUsesPerMember: 2 });
      const [u] = await users(1);
      const results = await Promise.all(Array.from({ length: 8 }, () => create(u!, [{ id, qty: 1 }], promo.code)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 422)[0]!.json().msg).toMatch(/already used the code .* 2 times/);
      // An idempotent repeat answers the first order, and takes no second use.
      const [v] = await users(1);
      const key = { 'idempotency-key': `promo-${v!.id}` };
      const [x, y] = await Promise.all([create(v!, [{ id, qty: 1 }], promo.code, key), create(v!, [{ id, qty: 1 }], promo.code, key)]);
      expect(x.json().data.orderNo).toBe(y.json().data.orderNo);
      expect(await usesOf(promo.id)).toBe(3);
    });

    it('admin: creates, lists and disables codes; bad input is a 400 naming the field; members get 403; audited', async () => {
      const a = await quickAdmin(ctx().db, ctx().config);
      const [u] = await users(1);
      const good = { code: code(), kind: 'fixed', value: 5.5, minOrder: 20, startsAt: Date.now(), endsAt: Date.now() + 86_400_000, maxUses: 100, maxUsesPerMember: 2, category: 'fashion' };
      const made = await post('/admin/promos/create', a, good);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data).toMatchObject({ code: good.code, kind: 'fixed', value: 5.5, minOrder: 20, maxUses: 100, maxUsesPerMember: 2, category: { slug: 'fashion', name: 'Fashion' }, uses: 0, disabled: false });
      expect((await post('/admin/promos/create', a, good)).statusCode).toBe(409);
      const bad: [object, string][] = [
        [{ ...good, code: 'no spaces' }, 'code'],
        [{ ...good, kind: 'bogo' }, 'kind'],
        [{ ...good, kind: 'percent', value: 150 }, 'value'],
        [{ ...good, value: 1.234 }, 'value'],
        [{ ...good, endsAt: good.startsAt - 1 }, 'endsAt'],
        [{ ...good, maxUses: 0 }, 'maxUses'],
        [{ ...good, maxUses: 1, maxUsesPerMember: 2 }, 'maxUsesPerMember'],
        [{ ...good, code: code(), category: 'no-such-category' }, 'category'],
        [{ ...good, extra: 1 }, 'extra'],
      ];
      for (const [body, field] of bad) {
        const res = await post('/admin/promos/create', a, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().msg).toContain(field);
      }
      const list = (await post('/admin/promos/list', a, { page: 1, pageSize: 50 })).json().data;
      expect(list.items[0]).toMatchObject({ code: good.code });
      const id = made.json().data.id as number;
      expect((await post('/admin/promos/disable', a, { id })).json().data.disabled).toBe(true);
      expect((await post('/admin/promos/disable', a, { id })).statusCode).toBe(409);
      expect((await post('/admin/promos/disable', a, { id: 999_999 })).statusCode).toBe(404);
      const log = (await post('/admin/audit/list', a)).json().data.items;
      expect(log[0]).toMatchObject({ action: 'promo.disable', target: `promo:${id}` });
      for (const path of ['/admin/promos/list', '/admin/promos/create', '/admin/promos/disable']) expect((await post(path, u!, path.endsWith('list') ? {} : { ...good, id })).statusCode).toBe(403);
    });

    it('the paid order says its code after the order: in the confirmation mail, the order detail and the admin list (null without a code)', async () => {
      const id = await product(3_000);
      const { admin, promo } = await newCode({ kind: 'fixed', value: 5 });
      const [u] = await quickUsers(ctx().db, ctx().config, 1, 1_000_000);
      const withCode = (await create(u!, [{ id, qty: 1 }], promo.code)).json().data;
      const without = (await create(u!, [{ id, qty: 1 }])).json().data;
      for (const o of [withCode, without]) expect((await post('/ecommerce/paid_order', u!, { orderNo: o.orderNo, method: 'par' })).statusCode).toBe(200);
      const mails = await ctx().db.kysely.selectFrom('mail_outbox').select(['subject', 'text']).where('kind', '=', 'order_paid').where('to_address', '=', `${u!.userName}@example.test`).execute();
      const mailOf = (orderNo: string) => mails.find((m) => m.subject === `Order ${orderNo} confirmed`)!.text;
      expect(mailOf(withCode.orderNo)).toContain(`Promo code ${promo.code}: −5.00 par.`);
      expect(mailOf(without.orderNo)).not.toContain('Promo code');
      const detail = await post(`/ecommerce/GetEcomOrderDetails?orderNo=${withCode.orderNo}`, u!);
      expect(detail.json().data.price.promo).toEqual({ code: promo.code, discount: 5 });
      const listed = (await post('/admin/orders/list', admin, { customer: u!.userName })).json().data.items as { orderNo: string; promo: unknown }[];
      expect(listed.find((o) => o.orderNo === withCode.orderNo)?.promo).toEqual({ code: promo.code, discount: 5 });
      expect(listed.find((o) => o.orderNo === without.orderNo)?.promo).toBeNull();
      // A member cannot read the admin list at all.
      expect((await post('/admin/orders/list', u!, {})).statusCode).toBe(403);
    });

    it('another member never sees a code on an order that is not theirs', async () => {
      const id = await product(2_000);
      const { promo } = await newCode();
      const [u, v] = await users(2);
      const order = (await create(u!, [{ id, qty: 1 }], promo.code)).json().data;
      const peek = await post(`/ecommerce/GetEcomOrderDetails?orderNo=${order.orderNo}`, v!);
      expect(peek.statusCode).toBe(404);
      expect(peek.body).not.toContain(promo.code);
      expect((await post(`/ecommerce/CancelOrderEcom?orderNo=${order.orderNo}`, v!)).statusCode).toBe(404);
      expect(await usesOf(promo.id)).toBe(1);
    });
  },
  {},
  { seed: true },
);
