import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

describeEachDb(
  'product variants',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const post = (url: string, u: U, payload: object = {}, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: { ...u.auth, ...headers }, payload });
    const users = (n: number, par = 0) => quickUsers(ctx().db, ctx().config, n, par);
    const create = (u: U, list: object[], headers: Record<string, string> = {}) => post('/ecommerce/CreateEcomOrder', u, { list, shipping: SHIPPING }, headers);
    const detail = async (u: U, id: number) => (await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/product/${id}`, headers: u.auth })).json().data;
    const product = (slug: string) => ctx().db.kysely.selectFrom('product').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    const variant = (id: number) => ctx().db.kysely.selectFrom('product_variant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    /** The product's stock is the sum of its variants', and its price range theirs, whatever happened. */
    const expectInStep = async (productId: number) => {
      const p = await ctx().db.kysely.selectFrom('product').select(['stock', 'price', 'price_max']).where('id', '=', productId).executeTakeFirstOrThrow();
      const vs = await ctx().db.kysely.selectFrom('product_variant').select(['stock', 'price']).where('product_id', '=', productId).execute();
      expect(p.stock).toBe(vs.reduce((s, v) => s + v.stock, 0));
      expect(p.price).toBe(Math.min(...vs.map((v) => v.price)));
      expect(Number(p.price_max)).toBe(Math.max(...vs.map((v) => v.price)));
    };
    /** A product of its own with Size x Colour, saved through the admin call. */
    const madeProduct = async (stock = 5) => {
      const a = await quickAdmin(ctx().db, ctx().config);
      const slug = `tee-${Math.random().toString(36).slice(2, 8)}`;
      const created = await post('/admin/products/create', a, { name: `Tee ${slug}`, slug, description: 'A tee', category: 'fashion', price: 10, stock: 0, images: ['/demo/products/everyday-organic-cotton-tee.webp'] });
      const id = created.json().data.id as number;
      const sku = slug.toUpperCase();
      const saved = await post('/admin/products/variants/save', a, {
        productId: id,
        options: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Colour', values: ['Red', 'Blue'] }],
        variants: [
          { sku: `${sku}-S-RED`, options: ['S', 'Red'], price: 10, stock },
          { sku: `${sku}-S-BLUE`, options: ['S', 'Blue'], price: 11, stock: 0 },
          { sku: `${sku}-M-RED`, options: ['M', 'Red'], price: 12.5, stock },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return { a, id, variants: saved.json().data.variants as { id: number; sku: string; options: string[]; price: number; stock: number }[] };
    };

    it('the demo catalog has variants on fashion and sports items; the list shows a price range, the page the options', async () => {
      const [u] = await users(1);
      const hoodie = await product('trailhead-cotton-hoodie');
      const d = await detail(u!, hoodie.id);
      expect(d.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }, { name: 'Colour', values: ['Slate', 'Navy'] }]);
      expect(d.variants).toHaveLength(8);
      expect(d.variants.some((v: { stockState: string }) => v.stockState === 'out_of_stock')).toBe(true);
      const mat = await product('pro-grip-yoga-mat');
      const list = (await post('/ecommerce/SelProductShop', u!, { category: 'sports-outdoors', pageSize: 50 })).json().data.items as { id: number; price: number; priceMax: number | null }[];
      expect(list.find((p) => p.id === mat.id)).toMatchObject({ price: 34, priceMax: 39 });
      // A product without options: as before, no range, no options.
      const tee = await product('everyday-organic-cotton-tee');
      expect(list.length).toBeGreaterThan(0);
      expect(await detail(u!, tee.id)).toMatchObject({ options: [], variants: [], priceMax: null, price: 19.99 });
      await expectInStep(hoodie.id);
      await expectInStep(mat.id);
    });

    it('an order takes the variant price and stock; a product with options needs a variant of its own', async () => {
      const { id, variants } = await madeProduct(5);
      const [u] = await users(1);
      const [sRed, sBlue, mRed] = variants;
      const res = await create(u!, [{ id, variantId: mRed!.id, qty: 2, price: 0.01 }, { id, variantId: sRed!.id, qty: 1 }]);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data;
      expect(order.lines).toEqual([
        expect.objectContaining({ productId: id, variantId: mRed!.id, variant: 'Size: M, Colour: Red', sku: mRed!.sku, unitPrice: 12.5, qty: 2 }),
        expect.objectContaining({ productId: id, variantId: sRed!.id, variant: 'Size: S, Colour: Red', unitPrice: 10, qty: 1 }),
      ]);
      expect(order.price.subtotal).toBe(35);
      expect((await variant(mRed!.id)).stock).toBe(3);
      expect((await variant(sRed!.id)).stock).toBe(4);
      await expectInStep(id);

      const refused = [
        await create(u!, [{ id, qty: 1 }]), // no variant chosen
        await create(u!, [{ id, variantId: sBlue!.id, qty: 1 }]), // sold out
        await create(u!, [{ id, variantId: 999_999, qty: 1 }]), // not a variant
        await create(u!, [{ id: (await product('everyday-organic-cotton-tee')).id, variantId: sRed!.id, qty: 1 }]), // another product's variant
        await create(u!, [{ id, variantId: 'M', qty: 1 }]), // malformed
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([422, 409, 422, 422, 400]);
      expect(refused[0]!.json().msg).toMatch(/Choose the size and colour/);
      expect(refused[1]!.json().msg).toMatch(/Size: S, Colour: Blue.*out of stock/);
      expect((await variant(sRed!.id)).stock).toBe(4); // nothing taken by the refused orders
      await expectInStep(id);
    });

    it('many buyers race for the last units of one variant: exactly that many win; cancel and expiry give them back to that variant', async () => {
      const { id, variants } = await madeProduct(4);
      const [sRed, , mRed] = variants;
      const buyers = await users(30, 1_000_000);
      const results = await Promise.all(buyers.map((b, i) => create(b, [{ id, variantId: mRed!.id, qty: 1 }, ...(i % 3 === 0 ? [{ id, variantId: sRed!.id, qty: 1 }] : [])])));
      const won = results.filter((r) => r.statusCode === 201);
      expect(won).toHaveLength(4);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(26);
      expect((await variant(mRed!.id)).stock).toBe(0);
      await expectInStep(id);

      // Pay and cancel race on each order won: whichever wins, the variant's stock ends right.
      const orders = won.map((r) => r.json().data as { orderNo: string; userId: string; lines: { variantId: number; qty: number }[] });
      const owner = (o: { userId: string }) => buyers.find((b) => b.userName === o.userId)!;
      await Promise.all(
        orders.flatMap((o) => [
          post('/ecommerce/paid_order', owner(o), { orderNo: o.orderNo, method: 'par' }),
          post(`/ecommerce/CancelOrderEcom?orderNo=${o.orderNo}`, owner(o)),
        ]),
      );
      const states = await ctx().db.kysely.selectFrom('shop_order').select(['order_no', 'status']).where('order_no', 'in', orders.map((o) => o.orderNo)).execute();
      for (const s of states) expect(['paid', 'cancelled']).toContain(s.status);
      const held = (variantId: number) =>
        orders.filter((o) => states.find((s) => s.order_no === o.orderNo)!.status === 'paid').reduce((n, o) => n + o.lines.filter((l) => l.variantId === variantId).reduce((a, l) => a + l.qty, 0), 0);
      expect((await variant(mRed!.id)).stock).toBe(4 - held(mRed!.id));
      expect((await variant(sRed!.id)).stock).toBe(4 - held(sRed!.id));
      await expectInStep(id);

      // Expiry gives a variant's units back too.
      const [late] = await users(1);
      const pending = (await create(late!, [{ id, variantId: sRed!.id, qty: 1 }])).json().data;
      const before = (await variant(sRed!.id)).stock;
      await ctx().db.kysely.updateTable('shop_order').set({ expires_at: 1 }).where('order_no', '=', pending.orderNo).execute();
      await ctx().app.services.lifecycle.expire();
      expect((await variant(sRed!.id)).stock).toBe(before + 1);
      await expectInStep(id);
    });

    it('the server cart keeps one line per variant; a variant of another product is left out', async () => {
      const { id, variants } = await madeProduct(5);
      const [u] = await users(1);
      const other = (await product('everyday-organic-cotton-tee')).id;
      const res = await post('/ecommerce/cart/update', u!, {
        list: [
          { id, variantId: variants[0]!.id, qty: 1 },
          { id, variantId: variants[2]!.id, qty: 2 },
          { id: other, qty: 1 },
          { id: other, variantId: variants[0]!.id, qty: 1 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.list).toEqual([
        { id, variantId: variants[0]!.id, qty: 1 },
        { id, variantId: variants[2]!.id, qty: 2 },
        { id: other, qty: 1 },
      ]);
      const removed = await post('/ecommerce/cart/update', u!, { list: [{ id, variantId: variants[0]!.id, qty: 0 }] });
      expect(removed.json().data.list).toEqual([{ id, variantId: variants[2]!.id, qty: 2 }, { id: other, qty: 1 }]);
      // Another member's cart is untouched.
      const [v] = await users(1);
      expect((await post('/ecommerce/cart', v!)).json().data.list).toEqual([]);
    });

    it('admin: bad input is a 400 naming the field and changes nothing; a stale variant stock is a 409; members get 403', async () => {
      const { a, id, variants } = await madeProduct(5);
      const [u] = await users(1);
      const base = { productId: id, options: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Colour', values: ['Red', 'Blue'] }] };
      const bad = [
        { ...base, variants: [{ sku: 'X-1', options: ['S'], price: 1, stock: 1 }] }, // one value for two options
        { ...base, variants: [{ sku: 'X-1', options: ['XL', 'Red'], price: 1, stock: 1 }] }, // not a value
        { ...base, variants: [{ sku: 'X-1', options: ['S', 'Red'], price: 1, stock: 1 }, { sku: 'X-2', options: ['S', 'Red'], price: 1, stock: 1 }] }, // same combination
        { ...base, variants: [{ sku: 'bad sku!', options: ['S', 'Red'], price: 1, stock: 1 }] },
        { ...base, variants: [{ sku: 'X-1', options: ['S', 'Red'], price: 1.001, stock: 1 }] },
        { ...base, variants: [{ sku: 'X-1', options: ['S', 'Red'], price: 1, stock: -1 }] },
        { productId: id, options: [], variants: [{ sku: 'X-1', options: [], price: 1, stock: 1 }] },
      ];
      for (const body of bad) {
        const res = await post('/admin/products/variants/save', a, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
      }
      expect((await post('/admin/products/variants/save', a, { ...base, productId: 999_999, variants: [{ sku: 'X-9', options: ['S', 'Red'], price: 1, stock: 1 }] })).statusCode).toBe(404);
      const foreign = await post('/admin/products/variants/save', a, { ...base, variants: [{ id: 999_999, sku: 'X-9', options: ['S', 'Red'], price: 1, stock: 1 }] });
      expect(foreign.statusCode).toBe(400);
      const stale = await post('/admin/products/variants/save', a, { ...base, variants: variants.map((v) => ({ id: v.id, sku: v.sku, options: v.options, price: v.price, stock: 9, expectedStock: v.stock + 1 })) });
      expect(stale.statusCode).toBe(409);
      expect((await post('/admin/products/variants', a, { productId: id })).json().data.variants).toEqual(variants);
      // The product's own stock is kept per variant.
      expect((await post('/admin/products/stock', a, { id, stock: 3 })).statusCode).toBe(422);
      expect((await post('/admin/products/variants/save', u!, { ...base, variants: [] })).statusCode).toBe(403);
      expect((await post('/admin/products/variants', u!, { productId: id })).statusCode).toBe(403);

      // Removing one variant and changing another: the product follows.
      const kept = await post('/admin/products/variants/save', a, { ...base, variants: [{ id: variants[2]!.id, sku: variants[2]!.sku, options: variants[2]!.options, price: 20, stock: 7, expectedStock: variants[2]!.stock }] });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.variants).toHaveLength(1);
      await expectInStep(id);
      const log = (await post('/admin/audit/list', a)).json().data.items;
      expect(log[0]).toMatchObject({ action: 'product.variants', target: `product:${id}` });
      // Options removed: a plain product again, sold without a variant.
      expect((await post('/admin/products/variants/save', a, { productId: id, options: [], variants: [] })).statusCode).toBe(200);
      expect(await detail(u!, id)).toMatchObject({ options: [], variants: [], priceMax: null, price: 20, stock: 7 });
      expect((await create(u!, [{ id, qty: 1 }])).statusCode).toBe(201);
    });
  },
  {},
  { seed: true },
);
