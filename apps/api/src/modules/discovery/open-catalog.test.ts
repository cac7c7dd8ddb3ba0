import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';

// A built page as the web app's build leaves it: generic title, description and Open Graph tags.
const webDist = mkdtempSync(path.join(tmpdir(), 'parmeta-open-catalog-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>ParMeta Market</title><meta name="description" content="" /><meta property="og:title" content="ParMeta Market — NFT marketplace and shop" /><meta property="og:type" content="website" /><meta property="og:image" content="/logo.png" /></head><body><div id="root"></div></body></html>`,
);
const PUBLIC_URL = 'https://shop.example.com';

/** The shop window's reads, as a visitor or a member would make them. */
const reads = (productId: number, nftId: number) => [
  { method: 'POST' as const, url: '/api/ecommerce/SelProductShop', payload: {} },
  { method: 'GET' as const, url: `/api/ecommerce/product/${productId}` },
  { method: 'GET' as const, url: `/api/ecommerce/product/${productId}/related` },
  { method: 'GET' as const, url: `/api/ecommerce/product/${productId}/reviews` },
  { method: 'GET' as const, url: '/api/ecommerce/suggest?q=wi' },
  { method: 'POST' as const, url: '/api/gx/market_products', payload: {} },
  { method: 'GET' as const, url: `/api/gx/nft/${nftId}` },
];

async function ids(ctx: TestApp) {
  const product = await ctx.db.kysely.selectFrom('product').select(['id', 'name', 'price', 'stock']).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const nft = await ctx.db.kysely.selectFrom('nft_item').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  return { product, nft };
}

const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown> & { offers: Record<string, string> };

describeEachDb(
  'open catalog (PUBLIC_CATALOG=true)',
  (ctx) => {
    it('lets a visitor read the shop, products, suggestions, the market and NFTs, and nothing else', async () => {
      const { product, nft } = await ids(ctx());
      for (const call of reads(product.id, nft.id)) {
        const res = await ctx().app.inject(call);
        expect(res.statusCode, `${call.url} ${res.body}`).toBe(200);
      }
      const nftAnswer = (await ctx().app.inject({ method: 'GET', url: `/api/gx/nft/${nft.id}` })).json().data;
      expect(nftAnswer).toMatchObject({ ownedByMe: false, reservedByMe: false, myReservation: null });
      // Buying, the cart, orders, the wallet and my NFTs still need a session.
      const refused = [
        { method: 'POST' as const, url: '/api/ecommerce/CreateEcomOrder', payload: { list: [{ id: product.id, qty: 1 }], shipping: SHIPPING } },
        { method: 'POST' as const, url: '/api/gx/GenerateOrderNft', payload: { nftId: nft.id } },
        { method: 'POST' as const, url: '/api/ecommerce/cart' },
        { method: 'POST' as const, url: `/api/ecommerce/product/${product.id}/review`, payload: { rating: 5, title: 'Great', text: 'Really great product.' } },
        { method: 'POST' as const, url: '/api/gx/my_nfts', payload: {} },
        { method: 'POST' as const, url: '/api/ecommerce/GetEcomOrder?userId=x' },
      ];
      for (const call of refused) expect((await ctx().app.inject(call)).statusCode, call.url).toBe(401);
      expect(await ctx().db.kysely.selectFrom('shop_order').select('id').execute()).toEqual([]);
    });

    it('still checks a token that is sent: a bad one is refused, a member gets their own view', async () => {
      const { product, nft } = await ids(ctx());
      const bad = await ctx().app.inject({ method: 'GET', url: `/api/ecommerce/product/${product.id}`, headers: { authorization: 'Bearer not-a-token' } });
      expect(bad.statusCode).toBe(401);
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      for (const call of reads(product.id, nft.id)) expect((await ctx().app.inject({ ...call, headers: u!.auth })).statusCode, call.url).toBe(200);
      // Bad input is still a 400 for visitors.
      expect((await ctx().app.inject({ method: 'GET', url: '/api/ecommerce/product/abc' })).statusCode).toBe(400);
      expect((await ctx().app.inject({ method: 'POST', url: '/api/ecommerce/SelProductShop', payload: { pageSize: 1000 } })).statusCode).toBe(400);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/ecommerce/suggest?q=' })).statusCode).toBe(400);
    });

    it('serves each product page with its own title, description, Open Graph, Twitter card and schema.org Product data', async () => {
      const { product } = await ids(ctx());
      const res = await ctx().app.inject({ method: 'GET', url: `/product/${product.id}`, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      const name = product.name.replace(/&/g, '&#38;').replace(/'/g, '&#39;').replace(/"/g, '&#34;');
      expect(html).toContain(`<title>${name} · ParMeta Market</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta property="og:title" content="${name} · ParMeta Market" />`);
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/product/${product.id}" />`);
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/[^"]+" />`));
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('<meta name="parmeta:catalog" content="open" />');
      expect(html).not.toContain('og:type" content="website"');
      const data = jsonLd(html);
      expect(data).toMatchObject({ '@type': 'Product', name: product.name });
      expect(data.offers).toMatchObject({ price: (product.price / 100).toFixed(2), priceCurrency: 'USD', availability: product.stock > 0 ? expect.stringMatching(/InStock|LimitedAvailability/) : 'https://schema.org/OutOfStock' });

      // Compressed as every page is; unknown and inactive products answer 404 with the plain page.
      const br = await ctx().app.inject({ method: 'GET', url: `/product/${product.id}`, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const missing = await ctx().app.inject({ method: 'GET', url: '/product/99999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<title>ParMeta Market</title>');
      // Any other page carries the marker and the generic tags.
      const shop = await ctx().app.inject({ method: 'GET', url: '/shop?category=all' });
      expect(shop.statusCode).toBe(200);
      expect(shop.body).toContain('<meta name="parmeta:catalog" content="open" />');
      expect(shop.body).toContain('<title>ParMeta Market</title>');
    });

    it('serves each NFT page with its own card, and a sitemap of the shop, the market, products and NFTs that robots.txt points to', async () => {
      const { product, nft } = await ids(ctx());
      const html = (await ctx().app.inject({ method: 'GET', url: `/nft/${nft.id}` })).body;
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/nft/${nft.id}" />`);
      expect(jsonLd(html)).toMatchObject({ '@type': 'Product', name: nft.name, offers: { priceCurrency: 'USD' } });
      expect((await ctx().app.inject({ method: 'GET', url: '/nft/99999999' })).statusCode).toBe(404);

      const sitemap = await ctx().app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      const count = await ctx().db.kysely.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow();
      expect(sitemap.body.match(/\/product\/\d+</g)).toHaveLength(Number(count.n));
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/product/${product.id}</loc>`);
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/nft/${nft.id}</loc>`);
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/shop</loc>`);
      expect((await ctx().app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
      const robots = await ctx().app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
      expect(robots.body).toContain('Disallow: /api/');
    });
  },
  { PUBLIC_CATALOG: 'true', PUBLIC_URL, WEB_DIST: webDist },
  { seed: true },
);

describeEachDb(
  'closed catalog (the default)',
  (ctx) => {
    it('refuses every shop window read to a visitor and leaks nothing in pages, sitemap or robots.txt', async () => {
      expect(ctx().config.publicCatalog).toBe(false);
      const { product, nft } = await ids(ctx());
      for (const call of reads(product.id, nft.id)) {
        const res = await ctx().app.inject(call);
        expect(res.statusCode, call.url).toBe(401);
        expect(res.body).not.toContain(product.name);
      }
      const generic = (await ctx().app.inject({ method: 'GET', url: '/' })).body;
      for (const url of [`/product/${product.id}`, `/nft/${nft.id}`, '/product/99999999']) {
        const res = await ctx().app.inject({ method: 'GET', url });
        // The same page for a product that exists and one that does not.
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(generic);
        expect(res.body).not.toContain(product.name);
        expect(res.body).not.toContain('parmeta:catalog');
      }
      expect((await ctx().app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
      const robots = await ctx().app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).not.toContain('Sitemap');
      // A member reads as before.
      const [u] = await quickUsers(ctx().db, ctx().config, 1);
      for (const call of reads(product.id, nft.id)) expect((await ctx().app.inject({ ...call, headers: u!.auth })).statusCode, call.url).toBe(200);
    });
  },
  { WEB_DIST: webDist },
  { seed: true },
);
