import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/connection.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoSeeders } from '../src/seed/seeders.js';
import { freshIp, latestMailLink, signedInUser, signIn } from './auth-helpers.js';
import { DIALECTS, freshDb, testConfig, type TestDb } from './helpers.js';
import { quickAdmin, quickUsers } from './quick-users.js';
import { SHIPPING } from './shop-helpers.js';

/**
 * Two instances on one PostgreSQL database, each with its own pool, caches and change feed.
 * The TTLs are long (a minute for the shop window, the ten-second maximum for session checks),
 * so only the notification can make a change made through one show on the other within the
 * few seconds these tests wait (docs/decisions/0045).
 */

const WAIT_MS = 5_000;

/** Asks until `done` holds, at most WAIT_MS; answers the last answer. */
async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`not seen within ${WAIT_MS} ms: ${what} (last answer: ${JSON.stringify(answer)})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`a change made through one instance, on another [${dialect}]`, () => {
    let handle: TestDb & { dataDir: string };
    let secondDb: Db;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const config = () => testConfig(handle.dataDir, { CATALOG_CACHE_MS: '60000', SESSION_CHECK_CACHE_MS: '10000' });

    beforeAll(async () => {
      handle = await freshDb(dialect);
      await seedDemoData(handle.db, demoSeeders);
      secondDb = handle.reopen(() => undefined);
      a = await buildApp({ config: config(), db: handle.db, logger: false });
      b = await buildApp({ config: config(), db: secondDb, logger: false });
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await secondDb.close();
      await handle.dispose();
    });

    const post = (app: FastifyInstance, url: string, auth: Record<string, string>, payload: object = {}) => app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });

    it('the shop list, a product page and the featured selection', async () => {
      const admin = await quickAdmin(handle.db, config());
      const [shopper] = await quickUsers(handle.db, config(), 1);
      const { id, stock } = await handle.db.kysely.selectFrom('product').select(['id', 'stock']).where('active', '=', 1).orderBy('price', 'desc').executeTakeFirstOrThrow();
      const listed = async (app: FastifyInstance) => ((await post(app, '/ecommerce/SelProductShop', shopper!.auth, { pageSize: 100 })).json().data.items as { id: number; stock: number }[]).find((p) => p.id === id)?.stock;
      const shown = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: `/api/ecommerce/product/${id}`, headers: shopper!.auth })).json().data.stock as number;
      const featured = async (app: FastifyInstance) => ((await app.inject({ method: 'GET', url: '/api/public/featured' })).json().data.products as { id: number }[]).map((p) => p.id);

      // Kept on b.
      expect(await listed(b)).toBe(stock);
      expect(await shown(b)).toBe(stock);
      expect(await featured(b)).toContain(id);

      expect((await post(a, '/admin/products/stock', admin.auth, { id, stock: stock + 7 })).statusCode).toBe(200);
      await eventually(() => listed(b), (s) => s === stock + 7, 'the new stock in the list on b');
      await eventually(() => shown(b), (s) => s === stock + 7, 'the new stock on the product page on b');

      // And the other way: stock taken by an order on b shows on a.
      expect(await listed(a)).toBe(stock + 7);
      const order = await post(b, '/ecommerce/CreateEcomOrder', shopper!.auth, { list: [{ id, qty: 2 }], shipping: SHIPPING });
      expect(order.statusCode, order.body).toBe(201);
      await eventually(() => listed(a), (s) => s === stock + 5, 'the stock the order took, in the list on a');

      // Taken out of the shop on a: gone from b's featured selection.
      const row = await handle.db.kysely.selectFrom('product as p').innerJoin('product_category as c', 'c.id', 'p.category_id').selectAll('p').select('c.slug as category').where('p.id', '=', id).executeTakeFirstOrThrow();
      const fields = { id, name: row.name, slug: row.slug, description: row.description, category: row.category, price: row.price / 100, stock: row.stock, active: false, images: JSON.parse(row.images) as string[] };
      expect((await post(a, '/admin/products/update', admin.auth, fields)).statusCode).toBe(200);
      await eventually(() => featured(b), (ids) => !ids.includes(id), 'the product gone from the featured selection on b');
    });

    it('a product renamed on one instance is found by a search on the other (its index reads the change list)', async () => {
      const admin = await quickAdmin(handle.db, config());
      const [shopper] = await quickUsers(handle.db, config(), 1);
      const row = await handle.db.kysely.selectFrom('product as p').innerJoin('product_category as c', 'c.id', 'p.category_id').selectAll('p').select('c.slug as category').where('p.active', '=', 1).orderBy('p.id').executeTakeFirstOrThrow();
      const found = async (app: FastifyInstance, search: string) => ((await post(app, '/ecommerce/SelProductShop', shopper!.auth, { search })).json().data.items as { id: number }[]).map((p) => p.id);
      expect(await found(b, 'zephyrine')).toEqual([]); // kept on b
      const fields = { id: row.id, name: 'Zephyrine Lantern', slug: row.slug, description: row.description, category: row.category, price: row.price / 100, stock: row.stock, active: true, images: JSON.parse(row.images) as string[] };
      expect((await post(a, '/admin/products/update', admin.auth, fields)).statusCode).toBe(200);
      await eventually(() => found(b, 'zephyrine'), (ids) => ids.includes(row.id), 'the renamed product in a search on b');
      expect(await found(b, 'zephyr lant')).toEqual([row.id]);
    });

    const detail = (app: FastifyInstance, token: string, userName: string) =>
      app.inject({ method: 'POST', url: '/api/user/detail', headers: { authorization: `Bearer ${token}` }, payload: { user_id: userName } }).then((r) => r.statusCode);

    it('a sign-out', async () => {
      const user = await signedInUser(a, handle.db);
      expect(await detail(b, user.accessToken, user.userName)).toBe(200); // kept on b
      expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })).statusCode).toBe(200);
      await eventually(() => detail(b, user.accessToken, user.userName), (s) => s === 401, 'the signed-out token refused on b');
    });

    it('a password reset', async () => {
      const user = await signedInUser(a, handle.db);
      expect(await detail(b, user.accessToken, user.userName)).toBe(200);
      await a.inject({ method: 'GET', url: `/api/sendgrid/sendemail_resetpassword?email=${encodeURIComponent(user.email)}`, remoteAddress: freshIp() });
      const token = await latestMailLink(handle.db, user.email, 'token');
      expect((await a.inject({ method: 'POST', url: '/api/sendgrid/Reset_password', payload: { token, password: 'granite meadow falcon 77 rain' } })).statusCode).toBe(200);
      await eventually(() => detail(b, user.accessToken, user.userName), (s) => s === 401, 'the token of a reset account refused on b');
    });

    it('a reused refresh token (the whole session ends)', async () => {
      const user = await signedInUser(a, handle.db);
      const renewed = await a.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${user.refreshToken}` } });
      const next = renewed.json().data.accessToken.token as string;
      expect(await detail(b, next, user.userName)).toBe(200);
      // Past the grace window for a lost answer, the old token coming back is theft.
      await handle.db.kysely.updateTable('refresh_token').set((eb) => ({ rotated_at: eb('rotated_at', '-', 60_000), created_at: eb('created_at', '-', 60_000) })).execute();
      expect((await a.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${user.refreshToken}` } })).statusCode).toBe(401);
      await eventually(() => detail(b, next, user.userName), (s) => s === 401, 'the token of the revoked family refused on b');
      expect((await signIn(b, user.userName)).statusCode).toBe(200); // the account itself is fine
    });
  });
}
