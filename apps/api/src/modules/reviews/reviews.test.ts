import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { deliveredOrder } from '../../../test/shop-helpers.js';
import { REVIEW_WRITE_LIMIT, authorName } from './reviews.service.js';

type U = { auth: Record<string, string>; userName: string; id: number };

/** Reviews: who may write one, one per member and product, the product's rating kept on its row, helpful marks, hiding, limits. */
describeEachDb(
  'product reviews',
  (ctx) => {
    const call = (method: 'GET' | 'POST', url: string, u: U, payload?: object) => ctx().app.inject({ method, url: `/api${url}`, headers: u.auth, ...(payload ? { payload } : {}) });
    const reviews = (u: U, productId: number, query = '') => call('GET', `/ecommerce/product/${productId}/reviews${query}`, u);
    const save = (u: U, productId: number, payload: object) => call('POST', `/ecommerce/product/${productId}/review`, u, payload);
    const vote = (u: U, reviewId: number, helpful: boolean) => call('POST', `/ecommerce/review/${reviewId}/helpful`, u, { helpful });
    const good = { rating: 5, title: 'Lovely', body: 'Exactly as described, arrived quickly.' };
    let productSeq = 0;
    /** A fresh product with stock, so each test's ratings start from none. */
    const product = async () => {
      const now = Date.now();
      const cat = await ctx().db.kysely.selectFrom('product_category').select('id').orderBy('id').executeTakeFirstOrThrow();
      productSeq += 1;
      const row = await ctx()
        .db.kysely.insertInto('product')
        .values({ slug: `review-test-${productSeq}-${now}`, name: `Review test ${productSeq}`, description: 'For reviews', category_id: cat.id, images: '["/x.webp"]', price: 1000, stock: 50, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const members = (n: number) => quickUsers(ctx().db, ctx().config, n, 1_000_000);
    const productRow = (id: number) => ctx().db.kysely.selectFrom('product').select(['rating_count', 'rating_sum']).where('id', '=', id).executeTakeFirstOrThrow();
    const listCard = async (u: U, id: number) => {
      const res = await call('POST', '/ecommerce/SelProductShop', u, { search: 'Review test', pageSize: 100 });
      return (res.json().data.items as { id: number; rating: unknown }[]).find((p) => p.id === id);
    };

    it('lets only a member with a delivered order review, once per product; a second write edits it', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [buyer, stranger] = await members(2);
      const id = await product();
      // Not delivered yet: refused, nothing written.
      const early = await save(buyer!, id, good);
      expect(early.statusCode).toBe(422);
      expect(early.json()).toMatchObject({ status: false, code: 'BUSINESS_RULE' });
      expect((await reviews(buyer!, id)).json().data).toMatchObject({ canReview: false, mine: null, total: 0 });

      await deliveredOrder(ctx().app, buyer!, admin, id);
      expect((await reviews(buyer!, id)).json().data.canReview).toBe(true);
      const first = await save(buyer!, id, good);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data).toMatchObject({ rating: 5, title: 'Lovely', mine: true, hidden: false, editedAt: null, author: buyer!.userName });
      const edited = await save(buyer!, id, { ...good, rating: 3, title: 'Good, not great' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data).toMatchObject({ id: first.json().data.id, rating: 3, editedAt: expect.any(Number) });
      expect(await ctx().db.kysely.selectFrom('product_review').select('id').where('product_id', '=', id).execute()).toHaveLength(1);
      expect(await productRow(id)).toEqual({ rating_count: 1, rating_sum: 3 });

      // Someone who never received it still cannot.
      expect((await save(stranger!, id, good)).statusCode).toBe(422);
      const seen = (await reviews(stranger!, id)).json().data;
      expect(seen).toMatchObject({ canReview: false, mine: null, total: 1, summary: { average: 3, count: 1, distribution: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 0 } } });
      expect(seen.items[0]).toMatchObject({ title: 'Good, not great', mine: false });
      // The shop list's card carries the rating from the product row.
      expect(await listCard(stranger!, id)).toMatchObject({ rating: { average: 3, count: 1 } });
    });

    it('refuses bad input with a 400 naming the field, and an unknown or inactive product with a 404; nothing written', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [buyer] = await members(1);
      const id = await product();
      await deliveredOrder(ctx().app, buyer!, admin, id);
      const cases: [object, string][] = [
        [{ ...good, rating: 0 }, 'rating'],
        [{ ...good, rating: 6 }, 'rating'],
        [{ ...good, rating: 4.5 }, 'rating'],
        [{ ...good, rating: 'five' }, 'rating'],
        [{ ...good, title: '   ' }, 'title'],
        [{ ...good, title: 'x'.repeat(121) }, 'title'],
        [{ ...good, body: 'short' }, 'body'],
        [{ ...good, body: 'x'.repeat(4001) }, 'body'],
        [{ ...good, userId: 7 }, 'userId'],
        [{ rating: 5, title: 'No body' }, 'body'],
      ];
      for (const [payload, field] of cases) {
        const res = await save(buyer!, id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
        expect(res.json().msg).toContain(field);
      }
      expect((await save(buyer!, 99_999_999, good)).statusCode).toBe(404);
      expect((await call('POST', '/ecommerce/product/abc/review', buyer!, good)).statusCode).toBe(400);
      expect((await reviews(buyer!, id, '?sort=best')).statusCode).toBe(400);
      expect((await reviews(buyer!, id, '?pageSize=500')).statusCode).toBe(400);
      await ctx().db.kysely.updateTable('product').set({ active: 0 }).where('id', '=', id).execute();
      expect((await save(buyer!, id, good)).statusCode).toBe(404);
      expect((await reviews(buyer!, id)).statusCode).toBe(404);
      await ctx().db.kysely.updateTable('product').set({ active: 1 }).where('id', '=', id).execute();
      expect(await ctx().db.kysely.selectFrom('product_review').select('id').where('product_id', '=', id).execute()).toHaveLength(0);
      expect((await call('GET', `/ecommerce/product/${id}/reviews`, { auth: {} } as U)).statusCode).toBe(401);
    });

    it('counts helpful marks once per member, never on one’s own review, and sorts by them', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [a, b, c] = await members(3);
      const id = await product();
      for (const u of [a!, b!]) await deliveredOrder(ctx().app, u, admin, id);
      const ra = (await save(a!, id, { ...good, title: 'From A' })).json().data.id as number;
      const rb = (await save(b!, id, { ...good, rating: 2, title: 'From B' })).json().data.id as number;
      // Anyone signed in may mark another member's review; twice is still once.
      expect((await vote(c!, ra, true)).json().data).toEqual({ helpfulCount: 1, votedHelpful: true });
      expect((await vote(c!, ra, true)).json().data).toEqual({ helpfulCount: 1, votedHelpful: true });
      expect((await vote(b!, ra, true)).json().data).toEqual({ helpfulCount: 2, votedHelpful: true });
      const own = await vote(a!, ra, true);
      expect(own.statusCode).toBe(422);
      expect(own.json().code).toBe('BUSINESS_RULE');
      expect((await vote(c!, 99_999_999, true)).statusCode).toBe(404);
      expect((await call('POST', `/ecommerce/review/${ra}/helpful`, c!, { helpful: 'yes' })).statusCode).toBe(400);

      const newest = (await reviews(c!, id, '?sort=newest')).json().data.items.map((r: { id: number }) => r.id);
      expect(newest).toEqual([rb, ra]);
      const helpful = (await reviews(c!, id, '?sort=helpful')).json().data;
      expect(helpful.items.map((r: { id: number; votedHelpful: boolean }) => [r.id, r.votedHelpful])).toEqual([
        [ra, true],
        [rb, false],
      ]);
      // Paged.
      const page2 = (await reviews(c!, id, '?sort=helpful&page=2&pageSize=1')).json().data;
      expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(page2.items.map((r: { id: number }) => r.id)).toEqual([rb]);
      // Taken back.
      expect((await vote(c!, ra, false)).json().data).toEqual({ helpfulCount: 1, votedHelpful: false });
      expect((await vote(c!, ra, false)).json().data).toEqual({ helpfulCount: 1, votedHelpful: false });
    });

    it('lets an admin hide and show a review, audited; hidden reviews count in no average and show only to their author', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [a, b, c] = await members(3);
      const id = await product();
      for (const u of [a!, b!]) await deliveredOrder(ctx().app, u, admin, id);
      const ra = (await save(a!, id, { ...good, rating: 1, title: 'Spam spam' })).json().data.id as number;
      await save(b!, id, { ...good, rating: 4 });
      expect(await productRow(id)).toEqual({ rating_count: 2, rating_sum: 5 });

      // Not for members.
      expect((await call('POST', '/admin/reviews/hide', a!, { id: ra, hidden: true })).statusCode).toBe(403);
      expect((await call('POST', '/admin/reviews/list', a!, {})).statusCode).toBe(403);
      expect((await call('POST', '/admin/reviews/hide', admin, { id: ra })).statusCode).toBe(400);

      const hidden = await call('POST', '/admin/reviews/hide', admin, { id: ra, hidden: true });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().data).toMatchObject({ id: ra, hidden: true, userName: a!.userName, product: { id } });
      // Asking again changes nothing (and is not audited twice).
      await call('POST', '/admin/reviews/hide', admin, { id: ra, hidden: true });
      expect(await productRow(id)).toEqual({ rating_count: 1, rating_sum: 4 });
      const seen = (await reviews(c!, id)).json().data;
      expect(seen).toMatchObject({ total: 1, summary: { average: 4, count: 1, distribution: { 1: 0, 4: 1 } } });
      expect(seen.items.map((r: { id: number }) => r.id)).not.toContain(ra);
      expect((await vote(c!, ra, true)).statusCode).toBe(404);
      // Its author still sees it, marked hidden; an edit keeps it hidden and out of the average.
      expect((await reviews(a!, id)).json().data.mine).toMatchObject({ id: ra, hidden: true });
      expect((await save(a!, id, { ...good, rating: 2 })).json().data).toMatchObject({ id: ra, hidden: true, rating: 2 });
      expect(await productRow(id)).toEqual({ rating_count: 1, rating_sum: 4 });

      const listed = (await call('POST', '/admin/reviews/list', admin, { status: 'hidden', productId: id })).json().data;
      expect(listed.items.map((r: { id: number }) => r.id)).toEqual([ra]);
      const shown = await call('POST', '/admin/reviews/hide', admin, { id: ra, hidden: false });
      expect(shown.json().data.hidden).toBe(false);
      expect(await productRow(id)).toEqual({ rating_count: 2, rating_sum: 6 });
      const audit = await ctx().db.kysely.selectFrom('audit_log').select(['action', 'target']).where('target', '=', `review:${ra}`).orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'review.hide', target: `review:${ra}` },
        { action: 'review.show', target: `review:${ra}` },
      ]);
    });

    it('keeps the product rating exact when many members review and edit at once', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const buyers = await members(6);
      const id = await product();
      for (const u of buyers) await deliveredOrder(ctx().app, u, admin, id);
      // Each member sends two writes at once (a first review and its edit race); all members at once.
      const results = await Promise.all(buyers.flatMap((u, i) => [save(u, id, { ...good, rating: 1 + (i % 5) }), save(u, id, { ...good, rating: 5 - (i % 5) })]));
      expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
      const rows = await ctx().db.kysely.selectFrom('product_review').select(['rating']).where('product_id', '=', id).execute();
      expect(rows).toHaveLength(6);
      expect(await productRow(id)).toEqual({ rating_count: 6, rating_sum: rows.reduce((s, r) => s + r.rating, 0) });
    });

    it('names authors by first name and last initial, and a closed account as a former member', () => {
      expect(authorName('Somchai Jaidee', 'somchai')).toBe('Somchai J.');
      expect(authorName('Ada  Mary  lovelace', 'ada')).toBe('Ada L.');
      expect(authorName('Cher', 'cher')).toBe('Cher');
      expect(authorName('Deleted member', 'deleted.42')).toBe('Former member');
    });

    it('limits how often a member writes reviews (429 with Retry-After)', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const [buyer] = await members(1);
      const id = await product();
      await deliveredOrder(ctx().app, buyer!, admin, id);
      for (let i = 0; i < REVIEW_WRITE_LIMIT.max; i++) expect((await save(buyer!, id, { ...good, title: `Edit ${i}` })).statusCode).toBeLessThan(300);
      const limited = await save(buyer!, id, { ...good, title: 'One too many' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await reviews(buyer!, id)).json().data.mine.title).toBe(`Edit ${REVIEW_WRITE_LIMIT.max - 1}`);
    });
  },
  {},
  { seed: true },
);
