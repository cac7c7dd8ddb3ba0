import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth-helpers.js';
import { describeEachDb, type TestApp } from '../../../test/helpers.js';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@parmeta/contracts/constants';
import { refreshCookie } from '../auth/session-cookie.js';
import { sha256 } from '../auth/tokens.js';

// A built page as the web app's build leaves it, with the head the first data goes into.
const webDist = mkdtempSync(path.join(tmpdir(), 'parmeta-first-data-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>ParMeta Market</title></head><body><div id="root"></div></body></html>');

const FIRST_DATA = /<script type="application\/json" id="first-data">([^<]*)<\/script><\/head>/;

/** The page at an address, as the browser asks for it (with or without the refresh cookie). */
async function pageAt(ctx: TestApp, url: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode, url).toBe(200);
  const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
  return { body, first: FIRST_DATA.exec(body)?.[1], policy: res.headers['content-security-policy'] };
}

async function member(ctx: TestApp) {
  const user = await signedInUser(ctx.app, ctx.db, 'first');
  const { id } = await ctx.db.kysely.selectFrom('app_user').select('id').where('user_name', '=', user.userName).executeTakeFirstOrThrow();
  return { ...user, id, cookie: `${refreshCookie(ctx.config).name}=${user.refreshToken}` };
}

/** An answer of the API for a signed-in member. */
const apiData = async (ctx: TestApp, accessToken: string, url: string, payload: object) => {
  const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown;
};

/** The web app's filter for a bare /shop and /market (parseShopParams, marketBody): what their first data answers. */
const SHOP_DEFAULT = { search: '', category: 'all', sort: 'newest', page: 1, pageSize: 12 };
const MARKET_DEFAULT = { search: '', category: 'all', sort: 'newest', page: 1, pageSize: 12 };

const firstProductId = async (ctx: TestApp) => (await ctx.db.kysely.selectFrom('product').select('id').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;

describeEachDb(
  'a page’s first data in its HTML (a product, an NFT, the shop, the market)',
  (ctx) => {
    it('carries the product’s detail for a member with a live session, as the API answers it', async () => {
      const id = await firstProductId(ctx());
      const user = await member(ctx());
      const page = await pageAt(ctx(), `/product/${id}`, user.cookie);
      expect(page.first).toBeDefined();
      const api = await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/product/${id}`, headers: { authorization: `Bearer ${user.accessToken}` } });
      expect(JSON.parse(page.first!)).toEqual({ name: 'productDetail', id, data: api.json().data });
      // The same page otherwise, under the same policy: the data is not a script the browser runs.
      const plain = await pageAt(ctx(), `/product/${id}`);
      expect(page.body.replace(FIRST_DATA, '</head>')).toBe(plain.body);
      expect(page.policy).toBe(plain.policy);
      // The address as the router reads it with a trailing slash and a query.
      expect((await pageAt(ctx(), `/product/${id}/?from=home`, user.cookie)).first).toBe(page.first);
    });

    it('carries nothing without a live session, for an unknown product or for another page', async () => {
      const id = await firstProductId(ctx());
      const user = await member(ctx());
      const name = refreshCookie(ctx().config).name;
      for (const cookie of [undefined, `${name}=`, `${name}=not-a-token`, `other=${user.refreshToken}`]) expect((await pageAt(ctx(), `/product/${id}`, cookie)).first, String(cookie)).toBeUndefined();
      for (const url of ['/product/99999999', '/product/0', '/shop?search=lamp', '/market?page=2', '/wallet', `/product/${id}/reviews`]) expect((await pageAt(ctx(), url, user.cookie)).first, url).toBeUndefined();

      // A token exchanged long ago (a copy left behind), then an expired one: neither shows the product.
      const row = () => ctx().db.kysely.updateTable('refresh_token').where('token_hash', '=', sha256(user.refreshToken));
      const live = (await pageAt(ctx(), `/product/${id}`, user.cookie)).first;
      expect(live).toBeDefined();
      await row().set({ rotated_at: Date.now() - 5_000 }).execute();
      expect((await pageAt(ctx(), `/product/${id}`, user.cookie)).first, 'exchanged a moment ago').toBe(live);
      await row().set({ rotated_at: Date.now() - 120_000 }).execute();
      expect((await pageAt(ctx(), `/product/${id}`, user.cookie)).first, 'exchanged long ago').toBeUndefined();
      await row().set({ rotated_at: null, expires_at: Date.now() - 1 }).execute();
      expect((await pageAt(ctx(), `/product/${id}`, user.cookie)).first, 'expired').toBeUndefined();
      await row().set({ expires_at: Date.now() + 3_600_000 }).execute();
      expect((await pageAt(ctx(), `/product/${id}`, user.cookie)).first).toBe(live);
      // Signed out: the session has ended.
      const signOut = await ctx().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE } });
      expect(signOut.statusCode, signOut.body).toBe(200);
      expect((await pageAt(ctx(), `/product/${id}`, user.cookie)).first, 'signed out').toBeUndefined();
    });

    it('carries an NFT page’s first screen for a member: its name, picture and collection, as anyone sees them', async () => {
      const nft = await ctx().db.kysely.selectFrom('nft_item').select('id').orderBy('id').executeTakeFirstOrThrow();
      const user = await member(ctx());
      const page = await pageAt(ctx(), `/nft/${nft.id}`, user.cookie);
      const api = (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}`, headers: { authorization: `Bearer ${user.accessToken}` } })).json().data as { name: string; image: string; collection: { name: string; slug: string } };
      expect(JSON.parse(page.first!)).toEqual({ name: 'nftFirstScreen', id: nft.id, data: { name: api.name, image: api.image, collection: { name: api.collection.name, slug: api.collection.slug } } });
      for (const [url, cookie] of [[`/nft/${nft.id}`, undefined], ['/nft/99999999', user.cookie], [`/nft/${nft.id}/x`, user.cookie]] as const) expect((await pageAt(ctx(), url, cookie)).first, url).toBeUndefined();
    });

    it('carries the shop’s and the market’s first page at their bare addresses, as the API answers the app’s first call, the market as this member sees it', async () => {
      const owner = await member(ctx());
      const other = await member(ctx());
      const shop = await pageAt(ctx(), '/shop', owner.cookie);
      expect(JSON.parse(shop.first!)).toEqual({ name: 'shopProducts', id: 0, data: await apiData(ctx(), owner.accessToken, '/api/ecommerce/SelProductShop', SHOP_DEFAULT) });
      for (const url of ['/shop/', '/shop?']) expect((await pageAt(ctx(), url, owner.cookie)).first, url).toBe(shop.first);

      // The newest listed NFT is this member's own: their market marks it, another member's does not.
      const newest = await ctx().db.kysely.selectFrom('nft_item').select('id').where('listed', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await ctx().db.kysely.updateTable('nft_item').set({ owner_id: owner.id }).where('id', '=', newest.id).execute();
      const mine = JSON.parse((await pageAt(ctx(), '/market', owner.cookie)).first!) as { name: string; id: number; data: { items: { id: number; ownedByMe: boolean }[] } };
      expect(mine).toEqual({ name: 'marketProducts', id: 0, data: await apiData(ctx(), owner.accessToken, '/api/gx/market_products', MARKET_DEFAULT) });
      expect(mine.data.items[0]).toMatchObject({ id: newest.id, ownedByMe: true });
      const theirs = JSON.parse((await pageAt(ctx(), '/market/', other.cookie)).first!) as typeof mine;
      expect(theirs).toEqual({ name: 'marketProducts', id: 0, data: await apiData(ctx(), other.accessToken, '/api/gx/market_products', MARKET_DEFAULT) });
      expect(theirs.data.items[0]).toMatchObject({ id: newest.id, ownedByMe: false });

      for (const url of ['/shop', '/market']) expect((await pageAt(ctx(), url)).first, `${url} without a session`).toBeUndefined();
      for (const url of ['/shop?category=books', '/shop?page=1', '/market?sort=price_asc', '/shop/x', '/market/1']) expect((await pageAt(ctx(), url, owner.cookie)).first, url).toBeUndefined();
    });

    it('writes a product name that holds markup so that it cannot close the element', async () => {
      const id = await firstProductId(ctx());
      const name = 'Vest </script><script>alert(1)</script> <!-- & "more"';
      await ctx().db.kysely.updateTable('product').set({ name }).where('id', '=', id).execute();
      const page = await pageAt(ctx(), `/product/${id}`, (await member(ctx())).cookie);
      expect(page.body).not.toContain('alert(1)</script>');
      expect((JSON.parse(page.first!) as { data: { name: string } }).data.name).toBe(name);
    });
  },
  { WEB_DIST: webDist, CATALOG_CACHE_MS: '0' },
  { seed: true },
);

describeEachDb(
  'a page’s first data on the open catalog',
  (ctx) => {
    it('carries the product and the NFT for a visitor too, who may read them anyway, beside the page’s card', async () => {
      const id = await firstProductId(ctx());
      const page = await pageAt(ctx(), `/product/${id}`);
      expect((JSON.parse(page.first!) as { id: number }).id).toBe(id);
      expect(page.body).toContain('og:title');
      const nft = await ctx().db.kysely.selectFrom('nft_item').select('id').orderBy('id').executeTakeFirstOrThrow();
      expect((JSON.parse((await pageAt(ctx(), `/nft/${nft.id}`)).first!) as { name: string }).name).toBe('nftFirstScreen');
      // The shop and the market as a visitor sees them: nothing of theirs is marked.
      expect((JSON.parse((await pageAt(ctx(), '/shop')).first!) as { name: string }).name).toBe('shopProducts');
      const market = JSON.parse((await pageAt(ctx(), '/market')).first!) as { data: { items: { ownedByMe: boolean; reservedByMe: boolean }[] } };
      expect(market.data.items.length).toBeGreaterThan(0);
      expect(market.data.items.every((item) => !item.ownedByMe && !item.reservedByMe)).toBe(true);
    });
  },
  { WEB_DIST: webDist, PUBLIC_CATALOG: 'true', PUBLIC_URL: 'https://shop.example.com' },
  { seed: true },
);
