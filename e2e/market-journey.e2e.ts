import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { accessTokenFor, apiCall } from './support/api.js';
import { checkScreen, holdFiles, launchBrowser, refuseAppCode, watchProblems, type PageProblems } from './support/browser.js';
import { DESKTOP, noProblems, PHONE, topUpPar } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { expectGridFirstScreen } from './support/first-screen.js';

let server: RunningServer;
let browser: Browser;
let buyer: TestUser;
let other: TestUser;

type Nft = { id: number; name: string; price: number };
/** The cheapest listed NFTs, by id, from the market as a member sees it. */
let cheapest: Nft[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { host: 'localhost' }), launchBrowser()]);
  [buyer, other] = await Promise.all([createVerifiedUser(server.baseUrl, 'buyer', 'Bea Buyer'), createVerifiedUser(server.baseUrl, 'other', 'Otto Other')]);
  const token = await accessTokenFor(server.baseUrl, buyer);
  await topUpPar(server.baseUrl, token, 500);
  const market = await apiCall<{ items: Nft[] }>(server.baseUrl, '/gx/market_products', { token, body: { sort: 'price_asc', pageSize: 5 } });
  cheapest = market.items;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const money = (n: number) => n.toFixed(2);
const timer = (page: Page) => page.getByRole('timer', { name: 'Time left to pay' });

describe('the NFT market: a reservation that survives a reload, the listing fee, the filters on a phone', () => {
  it('resumes the buyer’s own reservation after a reload and after leaving the page, with Pay and Cancel', async () => {
    const nft = cheapest[0]!;
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, buyer, `/nft/${nft.id}`);
    await page.getByRole('button', { name: 'Buy with par' }).click();
    await shown(timer(page));
    await shown(page.getByText('Reserved for you', { exact: true }));

    // A reload: the page says it is still reserved for this buyer, with the time left, Pay and Cancel.
    await page.reload();
    await shown(timer(page));
    await expect(timer(page).textContent()).resolves.toMatch(/^(10:00|9:\d\d)$/);
    await shown(page.getByRole('button', { name: `Pay ${money(nft.price)} par` }));
    await shown(page.getByRole('button', { name: 'Cancel reservation' }));
    await expect(page.getByText('A buyer is paying for this NFT right now').count()).resolves.toBe(0);
    await checkScreen(page, 'market-reservation-resumed-desktop');

    // Another member sees it reserved, not by whom, and cannot take it meanwhile.
    const rival = await open(DESKTOP);
    await signInThroughLoginPage(rival.page, other, `/nft/${nft.id}`);
    await shown(rival.page.getByText('A buyer is paying for this NFT right now.', { exact: false }));
    await expect(rival.page.getByText('Reserved for you').count()).resolves.toBe(0);
    await rival.context.close();

    // Away to the market and back: the card says whose it is, and the reservation is still there to cancel.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market' }).click();
    await page.waitForURL((url) => url.pathname === '/market');
    await page.getByLabel('Sort by').selectOption('price_asc');
    const card = page.getByRole('article', { name: nft.name, exact: true });
    await shown(card.getByText('Reserved for you', { exact: true }));
    await card.getByRole('link', { name: nft.name }).click();
    await shown(timer(page));
    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    await shown(page.getByRole('button', { name: 'Buy with par' }));

    // Reserved again, reloaded, and paid from the resumed reservation.
    await page.getByRole('button', { name: 'Buy with par' }).click();
    await shown(timer(page));
    await page.reload();
    await page.getByRole('button', { name: `Pay ${money(nft.price)} par` }).click();
    await shown(page.getByRole('status').filter({ hasText: 'The NFT is yours' }));
    await shown(page.getByText('You own this NFT.'));
    noProblems(problems);
    await context.close();
  });

  it('lists an owned NFT with the marketplace fee and what the seller receives', async () => {
    const nft = cheapest[0]!;
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, buyer, '/my-nfts');
      const mine = page.getByRole('list', { name: 'Your NFTs' });
      await mine.getByRole('button', { name: `List for sale: ${nft.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `List ${nft.name} for sale` });
      await dialog.getByLabel('Price in par').fill('75');
      await shown(dialog.getByText('Marketplace fee (2.5%)'));
      await shown(dialog.getByRole('definition').filter({ hasText: '−1.87 par' }));
      await shown(dialog.getByRole('definition').filter({ hasText: '73.13 par' }));
      await dialog.getByLabel('Price in par').fill('100');
      await shown(dialog.getByRole('definition').filter({ hasText: '97.50 par' }));
      await checkScreen(page, `market-listing-dialog-${name}`);
      if (name === 'desktop') {
        await dialog.getByRole('button', { name: 'Keep it unlisted' }).click();
        await dialog.waitFor({ state: 'detached' });
      } else {
        await dialog.getByRole('button', { name: 'List for sale' }).click();
        await shown(page.getByRole('status').filter({ hasText: `${nft.name} is for sale at 100.00 par.` }));
      }
      noProblems(problems);
      await context.close();
    }
  });

  it('puts the collections and the price range in a Filters drawer on a phone, as the shop does', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, other, '/market');
    await shown(page.getByRole('list', { name: 'NFTs' }));
    await expect(page.getByRole('radio', { name: /Pixel Pals/ }).count()).resolves.toBe(0);
    await shown(page.getByRole('search', { name: 'Search the market' }));
    await checkScreen(page, 'market-phone');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await shown(drawer.getByRole('radio', { name: /All collections/ }));
    await checkScreen(page, 'market-filters-drawer-phone');
    await drawer.getByRole('radio', { name: /Pixel Pals/ }).check();
    await page.waitForURL((url) => url.searchParams.get('category') === 'pixel-pals');
    const prices = drawer.getByRole('form', { name: 'Price (par)' });
    await prices.getByLabel('Price from').fill('10');
    await prices.getByLabel('Price to').fill('5');
    await prices.getByRole('button', { name: 'Apply price' }).click();
    await shown(prices.getByText('Price to must not be below the price from'));
    await prices.getByLabel('Price to').fill('1000');
    await prices.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL((url) => url.searchParams.get('priceFr') === '10');
    await drawer.getByRole('button', { name: /^Show \d+ NFTs?$/ }).click();
    await drawer.waitFor({ state: 'detached' });
    await shown(page.getByRole('button', { name: /^Filters\s*2$/ }));
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /match$/ }).textContent()).toMatch(/^\d+ NFTs? match$/);
    await checkScreen(page, 'market-filtered-phone');
    noProblems(problems);
    await context.close();
  });
});

describe('an NFT page’s first screen comes with its HTML', () => {
  it('paints the breadcrumb and the picture from the HTML, keeps them while the app loads and while the member’s view of the NFT loads, in the same place (phone and desktop)', async () => {
    const nft = cheapest[4]!;
    const path = `/nft/${nft.id}`;
    const picture = (page: Page) => page.locator('#root .nft-media img');
    const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
    const boxes = (page: Page) => Promise.all([crumbs(page).boundingBox(), picture(page).boundingBox()]);
    const loaded = (page: Page) => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, other, path);
      await shown(page.getByRole('heading', { level: 1, name: nft.name }));
      await expect.poll(() => loaded(page)).toBe(true);
      const final = await boxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);
      const collection = await crumbs(page).getByRole('link').nth(1).textContent();

      // The HTML alone (the app's code refused): the breadcrumb and the picture, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto(path);
      await expect(crumbs(early).getByRole('link').allTextContents()).resolves.toEqual(['Market', collection]);
      await expect(picture(early).getAttribute('alt')).resolves.toBe(nft.name);
      await expect.poll(() => loaded(early)).toBe(true);
      expect(await boxes(early)).toEqual(final);
      await early.close();

      // The app running, first the page's code and then the member's view of the NFT held back:
      // the picture stays where it is throughout.
      const held = await context.newPage();
      const releaseCode = await holdFiles(held, /\/assets\/nft-page-[^/]+\.js$/);
      const releaseView = await holdFiles(held, new RegExp(`/api/gx/nft/${nft.id}$`));
      await held.goto(path);
      await shown(held.locator('header a[href="/"]'));
      expect(await boxes(held)).toEqual(final);
      releaseCode();
      // The page's own article, still loading: its summary column's placeholder beside the picture.
      await held.locator('#root article[aria-busy="true"] .nft-top > :nth-child(2)').waitFor({ state: 'attached', timeout: 10_000 });
      expect(await boxes(held)).toEqual(final);
      releaseView();
      await shown(held.getByRole('heading', { level: 1, name: nft.name }));
      expect(await boxes(held)).toEqual(final);
      await held.close();
      noProblems(problems);
      await context.close();
    }
  });
});

describe('the market’s first screen comes with its HTML', () => {
  it('paints the header, the count and the first page of NFTs from a bare /market’s HTML, keeps them while the app loads, and the page shows them in the same place without asking for them (phone and desktop)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, other, '/market');
      await expectGridFirstScreen(context, {
        path: '/market',
        selectors: ['#root h1', '#root .market-count', '#root .nft-grid > li:first-child img', '#root .nft-grid > li:nth-child(2) h3'],
        pageCode: /\/assets\/market-page-[^/]+\.js$/,
        call: /^\/api\/gx\/market_products$/,
        pageShown: (market) => shown(market.getByLabel('Sort by')),
        checkEarly: async (early) => {
          await expect(early.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('NFT market');
          await expect(early.locator('#root .market-count').textContent()).resolves.toMatch(/^\d+ NFTs for sale$/);
          await expect(early.locator('#root .nft-grid > li').count()).resolves.toBe(12);
          await expect(early.locator('#root .nft-grid > li:first-child a').getAttribute('href')).resolves.toMatch(/^\/nft\/\d+$/);
        },
      });
      noProblems(problems);
      await context.close();
    }
  });
});
