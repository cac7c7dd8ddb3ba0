import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

type U = { auth: Record<string, string>; userName: string; id: number };
type Variant = { id: number; sku: string; options: string[]; price: number; stock: number };

/** Back-in-stock requests for one variant of a product (docs/decisions/0052): asked per variant, mailed once when that variant is back. */
describeEachDb(
  'back-in-stock requests per variant',
  (ctx) => {
    const call = (method: 'GET' | 'POST', url: string, u: { auth: Record<string, string> }, payload?: object) =>
      ctx().app.inject({ method, url: `/api${url}`, headers: u.auth, ...(payload ? { payload } : {}) });
    const alert = (u: U, productId: unknown, variantId: unknown, wanted: unknown = true) => call('POST', '/ecommerce/stock-alert/set', u, { productId, variantId, wanted });
    const marks = async (u: U) => (await call('GET', '/ecommerce/wishlist/marks', u)).json().data as { wished: number[]; alerts: number[]; variantAlerts: number[] };
    const members = (n: number) => quickUsers(ctx().db, ctx().config, n, 1_000_000);
    const mails = async (u: U) =>
      ctx().db.kysely.selectFrom('mail_outbox').select(['subject', 'html']).where('kind', '=', 'back_in_stock').where('to_address', '=', `${u.userName}@example.test`).execute();
    const waiting = (productId: number) => ctx().db.kysely.selectFrom('stock_alert').select(['user_id', 'variant_id']).where('product_id', '=', productId).where('notified_at', 'is', null).execute();

    /** A product with Size x Colour made through the admin calls: S/Red and M/Red in stock, S/Blue sold out. */
    const madeProduct = async (admin: U, stock = 5) => {
      const slug = `alert-tee-${Math.random().toString(36).slice(2, 8)}`;
      const created = await call('POST', '/admin/products/create', admin, { name: `Alert tee ${slug}`, slug, description: 'A tee', category: 'fashion', price: 10, stock: 0, images: ['/demo/products/everyday-organic-cotton-tee.webp'] });
      const id = created.json().data.id as number;
      const sku = slug.toUpperCase();
      const saved = await call('POST', '/admin/products/variants/save', admin, {
        productId: id,
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
        variants: [
          { sku: `${sku}-S-RED`, options: ['S', 'Red'], price: 10, stock },
          { sku: `${sku}-S-BLUE`, options: ['S', 'Blue'], price: 11, stock: 0 },
          { sku: `${sku}-M-RED`, options: ['M', 'Red'], price: 12.5, stock },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [sRed, sBlue, mRed] = saved.json().data.variants as Variant[];
      return { id, sRed: sRed!, sBlue: sBlue!, mRed: mRed! };
    };
    /** The admin's variant edit, as the form sends it: the whole set, with `stock` changed for the variants named. */
    const setVariantStock = async (admin: U, productId: number, stock: Record<number, number>, drop: number[] = []) => {
      const now = (await call('POST', '/admin/products/variants', admin, { productId })).json().data as { options: object[]; variants: Variant[] };
      const variants = now.variants.filter((v) => !drop.includes(v.id)).map((v) => ({ id: v.id, sku: v.sku, options: v.options, price: v.price, stock: stock[v.id] ?? v.stock }));
      return call('POST', '/admin/products/variants/save', admin, { productId, options: now.options, variants });
    };
    const order = async (u: U, id: number, variantId: number, qty = 1) => {
      const res = await call('POST', '/ecommerce/CreateEcomOrder', u, { list: [{ id, variantId, qty }], shipping: SHIPPING });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.orderNo as string;
    };

    it('refuses bad input (400), a variant unknown or of another product (404) and a variant in stock (422); nothing is stored', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [a] = await members(1);
      const one = await madeProduct(admin);
      const other = await madeProduct(admin);
      for (const variantId of ['x', 0, -3, 1.5]) {
        const res = await alert(a!, one.id, variantId);
        expect(res.statusCode, String(variantId)).toBe(400);
        expect(res.json().msg).toContain('variantId');
      }
      for (const variantId of [99_999_999, other.sBlue.id]) {
        const res = await alert(a!, one.id, variantId);
        expect(res.statusCode).toBe(404);
        expect(res.json().msg).toBe('That choice of the product is not sold. Choose again on its page.');
      }
      const inStock = await alert(a!, one.id, one.sRed.id);
      expect(inStock.statusCode).toBe(422);
      expect(inStock.json().msg).toContain('This choice is in stock now');
      // The product as a whole has stock (other variants): a product-wide request is refused too.
      expect((await alert(a!, one.id, undefined)).statusCode).toBe(422);
      expect(await waiting(one.id)).toEqual([]);
      expect(await waiting(other.id)).toEqual([]);
      expect(await marks(a!)).toMatchObject({ alerts: [], variantAlerts: [] });
    });

    it('takes one request per member and variant, each member sees and withdraws only their own; the restock of that variant mails each once, naming it', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [a, b] = await members(2);
      const p = await madeProduct(admin);
      expect((await alert(a!, p.id, p.sBlue.id)).json()).toMatchObject({ status: true, data: { productId: p.id, variantId: p.sBlue.id, wanted: true } });
      expect((await alert(a!, p.id, p.sBlue.id)).statusCode).toBe(200); // twice: still one request
      expect(await marks(a!)).toMatchObject({ alerts: [], variantAlerts: [p.sBlue.id] });
      // b sees nothing of a's, and b "withdrawing" the same variant touches only b's (none).
      expect(await marks(b!)).toMatchObject({ alerts: [], variantAlerts: [] });
      expect((await alert(b!, p.id, p.sBlue.id, false)).statusCode).toBe(200);
      expect(await waiting(p.id)).toEqual([{ user_id: a!.id, variant_id: p.sBlue.id }]);
      await alert(b!, p.id, p.sBlue.id);
      expect(await waiting(p.id)).toHaveLength(2);
      await alert(b!, p.id, p.sBlue.id, false); // b changes their mind
      expect(await waiting(p.id)).toEqual([{ user_id: a!.id, variant_id: p.sBlue.id }]);

      // Restocking another variant answers nothing for this one.
      expect((await setVariantStock(admin, p.id, { [p.mRed.id]: 9 })).statusCode).toBe(200);
      expect(await mails(a!)).toEqual([]);
      // This variant back: one mail, naming the choice and opening the page with it chosen.
      expect((await setVariantStock(admin, p.id, { [p.sBlue.id]: 4 })).statusCode).toBe(200);
      const sent = await mails(a!);
      expect(sent.map((m) => m.subject)).toEqual([expect.stringContaining('(Size: S, Colour: Blue) is back in stock')]);
      expect(sent[0]!.html).toContain(`/product/${p.id}?variant=${p.sBlue.id}`);
      expect(await mails(b!)).toEqual([]);
      expect((await marks(a!)).variantAlerts).toEqual([]);
      // More stock, or out and back in, sends nothing more for a request already answered.
      await setVariantStock(admin, p.id, { [p.sBlue.id]: 8 });
      await setVariantStock(admin, p.id, { [p.sBlue.id]: 0 });
      await setVariantStock(admin, p.id, { [p.sBlue.id]: 2 });
      expect(await mails(a!)).toHaveLength(1);
    });

    it('sends nothing while the variant stays at 0, while the product is out of the shop, or when the variant is removed; a cancellation that returns it mails', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [buyer, waiter] = await members(2);
      const p = await madeProduct(admin, 1);
      await alert(waiter!, p.id, p.sBlue.id);
      // An edit of other variants, leaving S/Blue at 0.
      await setVariantStock(admin, p.id, { [p.sRed.id]: 3 });
      expect(await mails(waiter!)).toEqual([]);
      // Stocked while the product is not sold: not back. Put on sale again: back.
      await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', p.id).execute();
      await setVariantStock(admin, p.id, { [p.sBlue.id]: 2 });
      expect(await mails(waiter!)).toEqual([]);
      const fields = { name: `Alert tee ${p.id}`, slug: `alert-tee-edit-${p.id}`, description: 'A tee', category: 'fashion', price: 10, stock: 0, images: ['/demo/x.webp'] };
      expect((await call('POST', '/admin/products/update', admin, { id: p.id, ...fields, active: true })).statusCode).toBe(200);
      expect(await mails(waiter!)).toHaveLength(1);

      // A removed variant takes its waiting requests with it, without a mail.
      await setVariantStock(admin, p.id, { [p.sBlue.id]: 0 });
      await alert(waiter!, p.id, p.sBlue.id);
      expect((await setVariantStock(admin, p.id, {}, [p.sBlue.id])).statusCode).toBe(200);
      expect(await waiting(p.id)).toEqual([]);
      expect(await mails(waiter!)).toHaveLength(1);

      // A cancelled order gives the variant's stock back: mailed.
      const orderNo = await order(buyer!, p.id, p.mRed.id);
      expect((await alert(waiter!, p.id, p.mRed.id)).statusCode).toBe(200);
      expect((await call('POST', `/ecommerce/CancelOrderEcom?orderNo=${orderNo}`, buyer!)).statusCode).toBe(200);
      const sent = await mails(waiter!);
      expect(sent).toHaveLength(2);
      expect(sent[1]!.subject).toContain('(Size: M, Colour: Red)');
    });

    it('sends exactly one mail per request when cancellations and variant edits return the same variant at once (Promise.all over HTTP)', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const buyers = await members(3);
      const waiters = await members(3);
      for (let round = 0; round < 2; round++) {
        const p = await madeProduct(admin, 3);
        const orders = await Promise.all(buyers.map((u) => order(u, p.id, p.mRed.id)));
        for (const w of waiters) expect((await alert(w, p.id, p.mRed.id)).statusCode).toBe(200);
        const before = await Promise.all(waiters.map((w) => mails(w)));
        const results = await Promise.all([
          ...buyers.map((u, i) => call('POST', `/ecommerce/CancelOrderEcom?orderNo=${orders[i]!}`, u)),
          setVariantStock(admin, p.id, { [p.mRed.id]: 10 }),
          setVariantStock(admin, p.id, { [p.mRed.id]: 7 }),
        ]);
        for (const r of results) expect(r.statusCode, r.body).toBe(200);
        const after = await Promise.all(waiters.map((w) => mails(w)));
        expect(after.map((m, i) => m.length - before[i]!.length)).toEqual([1, 1, 1]);
        expect(await waiting(p.id)).toEqual([]);
      }
    });
  },
  {},
  { seed: true },
);
