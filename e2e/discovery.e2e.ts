import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { checkScreen, launchBrowser, openTab, refuseAppCode } from './support/browser.js';
import { expectGridFirstScreen } from './support/first-screen.js';
import { accessTokenFor } from './support/api.js';
import { DESKTOP, noProblems, paidOrder, PHONE, topUpPar } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';

// Demo products (apps/api/seed/catalog.json): two names starting "Harbor", and the Sports & Outdoors category.
const JACKET = { id: 17, name: 'Harbor Denim Jacket' };
const PUZZLE = 'Harbor Lights 1000-Piece Puzzle';

let closed: RunningServer;
let open: RunningServer;
let browser: Browser;
let member: TestUser;
let openMember: TestUser;

beforeAll(async () => {
  [closed, open, browser] = await Promise.all([startServer({}, { host: 'localhost' }), startServer({ PUBLIC_CATALOG: 'true' }, { host: 'localhost' }), launchBrowser()]);
  [member, openMember] = await Promise.all([createVerifiedUser(closed.baseUrl, 'disc', 'Dora Discovery'), createVerifiedUser(open.baseUrl, 'open', 'Otto Open')]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([closed?.stop(), open?.stop()]);
});

const visit = (server: RunningServer, viewport: { width: number; height: number }) => openTab(browser, server.baseUrl, viewport);

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** A product's or an NFT's page: its breadcrumb and main picture from the HTML alone (the app's code refused), where the page shows them. */
async function expectItemFirstScreen(context: BrowserContext, path: string, pictureSelector: string): Promise<void> {
  const boxes = (page: Page) => Promise.all([page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox(), page.locator(pictureSelector).first().boundingBox()]);
  const loaded = (page: Page) => page.locator(pictureSelector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  const shown = await context.newPage();
  await shown.goto(path);
  await shown.getByRole('link', { name: 'Sign in to buy' }).waitFor();
  await expect.poll(() => loaded(shown)).toBe(true);
  const final = await boxes(shown);
  expect(final.every((b) => b !== null && b.width > 0), path).toBe(true);
  await shown.close();
  const early = await context.newPage();
  await refuseAppCode(early);
  await early.goto(path);
  await expect.poll(() => loaded(early)).toBe(true);
  expect(await boxes(early), `${path}, the HTML alone`).toEqual(final);
  await early.close();
}

describe('search suggestions and related products', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`suggests products and categories as the shopper types, by keyboard and by pointer, and shows related products (${label})`, async () => {
      const { context, page, problems } = await visit(closed, viewport);
      await signInThroughLoginPage(page, member, '/shop');
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();

      // One letter suggests nothing; the second does.
      await box(page).fill('h');
      await page.waitForTimeout(400);
      await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false');
      await box(page).fill('har');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await list.getByRole('option', { name: new RegExp(JACKET.name) }).waitFor();
      await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(list.getByRole('option', { name: new RegExp(PUZZLE) }).count()).resolves.toBe(1);
      await checkScreen(page, `discovery-suggestions-${label}`);

      // Down highlights the first option (focus stays in the box), Escape closes the list.
      await box(page).press('ArrowDown');
      const first = list.getByRole('option').first();
      await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
      await expect(box(page).getAttribute('aria-activedescendant')).resolves.toBe(await first.getAttribute('id'));
      await box(page).press('Escape');
      await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(box(page).inputValue()).resolves.toBe('har');

      // Down, Down, Up, Enter opens the highlighted product's page.
      await box(page).press('ArrowDown');
      await box(page).press('ArrowDown');
      await box(page).press('ArrowUp');
      const chosen = (await list.getByRole('option', { selected: true }).textContent()) ?? '';
      expect(chosen).toContain('Harbor');
      await box(page).press('Enter');
      await page.waitForURL((url) => /^\/product\/\d+$/.test(url.pathname));
      await page.getByRole('heading', { level: 1, name: chosen.includes('Jacket') ? JACKET.name : PUZZLE }).waitFor();

      // Related products under the product: the same category first.
      const related = page.getByRole('region', { name: 'Related products' });
      await related.getByRole('link').first().waitFor();
      expect(await related.getByRole('link').count()).toBeGreaterThan(2);
      await related.scrollIntoViewIfNeeded();
      await checkScreen(page, `discovery-related-${label}`);

      // A category by a click: the shop filtered to it.
      await page.goto('/shop');
      await box(page).fill('spor');
      await list.getByRole('option', { name: /Sports & Outdoors/ }).click();
      await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('category') === 'sports-outdoors');
      // Enter without a highlighted suggestion still searches.
      await box(page).fill('cotton');
      await list.getByRole('option').first().waitFor();
      await box(page).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === 'cotton');
      noProblems(problems);
      await context.close();
    });
  }

  it('shows what customers also bought once three members bought both', async () => {
    // Demo products 30 (Summit Stainless Steel Water Bottle) and 34 (Matchday Size 5 Football), both
    // without variants, bought together by three members.
    const buyers = await Promise.all([1, 2, 3].map((n) => createVerifiedUser(closed.baseUrl, `buy${n}`, `Buyer ${n}`)));
    for (const buyer of buyers) {
      const token = await accessTokenFor(closed.baseUrl, buyer);
      await topUpPar(closed.baseUrl, token, 200);
      await paidOrder(closed.baseUrl, buyer, token, [
        { id: 30, qty: 1 },
        { id: 34, qty: 1 },
      ]);
    }
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, problems } = await visit(closed, viewport);
      await signInThroughLoginPage(page, member, '/product/34');
      const also = page.getByRole('region', { name: 'Customers also bought' });
      await also.getByRole('link', { name: 'Summit Stainless Steel Water Bottle' }).waitFor();
      await also.scrollIntoViewIfNeeded();
      await checkScreen(page, `discovery-also-bought-${label}`);
      noProblems(problems);
      await context.close();
    }
  });

  it('keeps the whole shop window behind sign-in by default', async () => {
    const { context, page } = await visit(closed, DESKTOP);
    for (const path of ['/shop', `/product/${JACKET.id}`, '/market', '/nft/1']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    }
    const html = await (await page.request.get(`/product/${JACKET.id}`)).text();
    expect(html).not.toContain(JACKET.name);
    await context.close();
  });
});

describe('the open catalog (PUBLIC_CATALOG=true)', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lets a visitor browse the shop, a product, the market and an NFT, and sign in to buy back on the same page (${label})`, async () => {
      const { context, page, problems } = await visit(open, viewport);
      await page.goto('/shop');
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
      await page.getByText(/of 50 products/).waitFor();
      await checkScreen(page, `open-catalog-shop-${label}`);

      // Suggestions work for a visitor too.
      await box(page).fill('denim');
      await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: new RegExp(JACKET.name) }).click();
      await page.waitForURL((url) => url.pathname === `/product/${JACKET.id}`);
      await page.getByRole('heading', { level: 1, name: JACKET.name }).waitFor();
      const signIn = page.getByRole('link', { name: 'Sign in to buy' });
      await signIn.waitFor();
      await expect(page.getByRole('button', { name: 'Add to cart' }).count()).resolves.toBe(0);
      await checkScreen(page, `open-catalog-product-${label}`);

      await page.goto('/market');
      await page.getByRole('heading', { level: 1, name: /market/i }).waitFor();
      await page.getByRole('link', { name: /#\d{3}/ }).first().waitFor();
      await expect(page.getByRole('link', { name: 'My NFTs' }).count()).resolves.toBe(0);
      await checkScreen(page, `open-catalog-market-${label}`);
      await page.goto('/nft/1');
      await page.getByRole('heading', { level: 1, name: /Neon Drifter #001/ }).waitFor();
      await page.getByRole('link', { name: 'Sign in to buy' }).waitFor();
      await checkScreen(page, `open-catalog-nft-${label}`);

      // The cart and the wallet still need a session.
      await page.goto('/wallet');
      await page.waitForURL((url) => url.pathname === '/login');

      // Sign in to buy: back on the product page, now with the cart button.
      await page.goto(`/product/${JACKET.id}`);
      await page.getByRole('link', { name: 'Sign in to buy' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/product/${JACKET.id}`);
      await page.getByLabel('Username or email').fill(openMember.userName);
      await page.getByLabel('Password', { exact: true }).fill(openMember.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/product/${JACKET.id}`);
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      noProblems(problems);
      await context.close();
    });
  }

  it('paints a visitor’s first screen of the shop, the market, a product and an NFT from the HTML, where the pages show them, without asking for what came with it (phone and desktop)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, problems } = await visit(open, viewport);
      await expectGridFirstScreen(context, {
        path: '/shop',
        selectors: ['#root h1', '#root .shop-count', '#root .product-grid > li:first-child img', '#root .product-grid > li:nth-child(2) h3'],
        pageCode: /\/assets\/shop-page-[^/]+\.js$/,
        call: /^\/api\/ecommerce\/SelProductShop$/,
        pageShown: (shop) => shop.getByLabel('Sort by').waitFor(),
        checkEarly: async (early) => {
          await expect(early.locator('#root .shop-count').textContent()).resolves.toBe('1–12 of 50 products');
          await expect(early.locator('#root .product-grid > li').count()).resolves.toBe(12);
        },
      });
      await expectGridFirstScreen(context, {
        path: '/market',
        selectors: ['#root h1', '#root .market-count', '#root .nft-grid > li:first-child img', '#root .nft-grid > li:nth-child(2) h3'],
        pageCode: /\/assets\/market-page-[^/]+\.js$/,
        call: /^\/api\/gx\/market_products$/,
        pageShown: (market) => market.getByLabel('Sort by').waitFor(),
        checkEarly: async (early) => {
          await expect(early.locator('#root .market-count').textContent()).resolves.toMatch(/^\d+ NFTs for sale$/);
          await expect(early.locator('#root .nft-grid > li').count()).resolves.toBe(12);
          // A visitor owns no NFTs: no room kept for "My NFTs" in the header.
          await expect(early.locator('#root .page-header .skeleton').count()).resolves.toBe(0);
        },
      });
      await expectItemFirstScreen(context, `/product/${JACKET.id}`, '#root .gallery-slide img');
      await expectItemFirstScreen(context, '/nft/1', '#root .nft-image');
      noProblems(problems);
      await context.close();
    }
  });

  it('serves a product page whose HTML carries its own card and schema.org Product data, and a sitemap', async () => {
    const { context, page } = await visit(open, DESKTOP);
    const html = await (await page.request.get(`/product/${JACKET.id}`)).text();
    expect(html).toContain(`<title>${JACKET.name} · ParMeta Market</title>`);
    expect(html).toContain(`<meta property="og:image" content="${open.baseUrl}/`);
    expect(html).toContain('"@type":"Product"');
    // The page the browser shows keeps its own title too.
    await page.goto(`/product/${JACKET.id}`);
    await page.getByRole('heading', { level: 1, name: JACKET.name }).waitFor();
    await expect(page.title()).resolves.toContain(JACKET.name);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${open.baseUrl}/product/${JACKET.id}</loc>`);
    await context.close();
  });
});
