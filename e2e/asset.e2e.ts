import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { launchBrowser, checkScreen, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The refresh cookie is __Host- and Secure: over plain http, browsers keep it only on localhost.
  [server, browser] = await Promise.all([startServer({}, { host: 'localhost' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const noProblems = (problems: PageProblems) => expect(problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const balance = (page: Page, asset: 'par' | 'meta' | 'premium') => page.getByTestId(`balance-${asset}`).textContent();
const money = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The new-card fields of a card payment form. */
async function fillNewCard(scope: Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry month').selectOption('12');
  await scope.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Name on card').fill('Ada Collector');
}

describe('asset side: wallet and NFT market as a new user', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createVerifiedUser(server.baseUrl, 'asset');
  });

  it('tops up by card, buys an NFT with par, finds it in My NFTs and the history, and moves par to meta', async () => {
    const { context, page, problems } = await open();
    await signInThroughLoginPage(page, user, '/wallet');
    await shown(page.getByRole('heading', { level: 1, name: 'Wallet' }));
    await expect.poll(() => balance(page, 'par')).toBe('0.00');

    // One action at a time: top up opens on its own.
    await page.getByRole('link', { name: /^Top up par/ }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'top-up');
    const topUp = panel(page, 'Top up par');

    // A declined card says so in plain words, on the review, and moves nothing.
    await topUp.getByLabel('Amount (USD)').fill('100');
    await fillNewCard(topUp, '4000 0000 0000 0002');
    await topUp.getByRole('button', { name: 'Review' }).click();
    await shown(topUp.getByText('You pay 100.00 USD with the card ending in 0002 and get 100.00 par.'));
    await topUp.getByRole('button', { name: 'Pay 100.00 USD' }).click();
    await shown(topUp.getByRole('alert').filter({ hasText: 'declined' }));
    expect(await balance(page, 'par')).toBe('0.00');
    // Chromium logs the refused call (HTTP 422) as a console error: expected here, and only here.
    expect(problems.consoleErrors).toEqual([expect.stringContaining('status of 422')]);
    problems.consoleErrors.length = 0;

    // The test card that pays.
    await topUp.getByRole('button', { name: 'Edit' }).click();
    await topUp.getByLabel('Card number').fill('4242 4242 4242 4242');
    await topUp.getByRole('button', { name: 'Review' }).click();
    await topUp.getByRole('button', { name: 'Pay 100.00 USD' }).click();
    await shown(topUp.getByText('Your card was charged and 100.00 par added.'), 15_000);
    await expect.poll(() => balance(page, 'par')).toBe('100.00');
    await topUp.getByRole('button', { name: 'Top up again' }).click();
    await expect(topUp.getByLabel('Card number').inputValue()).resolves.toBe('');

    // The market, cheapest first: the first card is the one to buy.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market' }).click();
    await shown(page.getByRole('heading', { level: 1, name: 'NFT market' }));
    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    const grid = page.getByRole('list', { name: 'NFTs' });
    await shown(grid);
    const prices = async () => (await grid.getByText(/ par$/).allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
    // The previous order stays on screen (dimmed, aria-busy) until the sorted page arrives.
    await expect.poll(async () => (await grid.getAttribute('aria-busy')) === null && (await prices()).every((p, i, all) => i === 0 || all[i - 1]! <= p)).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /NFTs for sale/ }).textContent()).toMatch(/^\d+ NFTs for sale$/);
    const first = grid.getByRole('article').first();
    const nftName = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const [price = 0] = await prices();
    expect(price).toBeGreaterThan(0);
    expect(price).toBeLessThanOrEqual(90);

    // A collection chip filters through the URL, and the back button undoes it.
    await page.getByRole('radio', { name: /Pixel Pals/ }).check();
    await page.waitForURL((url) => url.searchParams.get('category') === 'pixel-pals');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('category') && url.searchParams.get('sort') === 'price_asc');
    await expect.poll(() => page.getByRole('radio', { name: /All collections/ }).isChecked()).toBe(true);

    // A price range is checked before anything is sent, then applied through the URL.
    const filters = page.getByRole('complementary', { name: 'Filters' }).getByRole('form', { name: 'Price (par)' });
    await filters.getByLabel('Price from').fill('50');
    await filters.getByLabel('Price to').fill('1O');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await shown(filters.getByText('Price to must be a number'));
    await filters.getByLabel('Price to').fill('10');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await shown(filters.getByText('Price to must not be below the price from'));
    expect(new URL(page.url()).searchParams.has('priceFr')).toBe(false);
    await filters.getByLabel('Price from').fill('');
    await filters.getByLabel('Price to').fill(String(price).replace('.', ','));
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL((url) => url.searchParams.get('priceTo') === String(price));
    await expect.poll(async () => (await grid.getAttribute('aria-busy')) === null && (await prices()).every((p) => p <= price)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('priceTo'));

    // Buy it with par: reserve, see the countdown, confirm.
    await page.getByRole('link', { name: nftName, exact: true }).click();
    await shown(page.getByRole('heading', { level: 1, name: nftName }));
    const nftPath = new URL(page.url()).pathname;
    await shown(page.getByRole('heading', { level: 2, name: 'Traits' }));
    await shown(page.getByText('Minted by'));
    await page.getByRole('button', { name: 'Buy with par' }).click();
    await shown(page.getByRole('timer', { name: 'Time left to pay' }));
    await checkScreen(page, 'asset-nft-reserved-desktop');
    await page.getByRole('button', { name: `Pay ${money(price)} par` }).click();
    await shown(page.getByRole('status').filter({ hasText: 'The NFT is yours' }));
    await shown(page.getByText('You own this NFT.'));
    await shown(page.getByText(`${user.userName} bought it from ParMeta for ${money(price)} par`));

    // In My NFTs, ready to list.
    await page.getByRole('link', { name: 'Manage it in My NFTs' }).click();
    await shown(page.getByRole('heading', { level: 1, name: 'My NFTs' }));
    const mine = page.getByRole('list', { name: 'Your NFTs' });
    await shown(mine.getByRole('heading', { level: 3, name: nftName }));
    await mine.getByRole('button', { name: `List for sale: ${nftName}` }).click();
    const listing = page.getByRole('dialog', { name: `List ${nftName} for sale` });
    await listing.getByLabel('Price in par').fill('0');
    await listing.getByRole('button', { name: 'List for sale' }).click();
    await shown(listing.getByText('Price must be more than 0'));
    await listing.getByLabel('Price in par').fill('75');
    await listing.getByRole('button', { name: 'List for sale' }).click();
    await shown(page.getByRole('status').filter({ hasText: `${nftName} is for sale at 75.00 par.` }));
    await shown(mine.getByText('For sale', { exact: true }));
    await checkScreen(page, 'asset-my-nfts-listed-desktop');
    await mine.getByRole('button', { name: `Remove from sale: ${nftName}` }).click();
    await shown(page.getByRole('status').filter({ hasText: `${nftName} is no longer for sale.` }));
    await shown(mine.getByRole('button', { name: `List for sale: ${nftName}` }));

    // The wallet's history tab shows the purchase; then par moves to meta, after a review.
    await page.goto('/wallet?tab=history');
    await shown(page.getByRole('heading', { level: 1, name: 'Wallet' }));
    const left = 100 - price;
    await expect.poll(() => balance(page, 'par')).toBe(money(left));
    const history = panel(page, 'History');
    await shown(history.getByRole('row').filter({ hasText: 'NFT purchase' }).filter({ hasText: `−${money(price)} par` }));
    await shown(history.getByRole('row').filter({ hasText: 'Top-up by card' }).filter({ hasText: '+100.00 par' }));

    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('link', { name: 'Move money' }).click();
    await page.getByRole('link', { name: /^Move par to meta/ }).click();
    const toMeta = panel(page, 'Move par to meta');
    await toMeta.getByRole('button', { name: 'Review' }).click();
    await shown(toMeta.getByText('Amount is required'));
    await expect(toMeta.getByLabel('Amount of par').getAttribute('aria-invalid')).resolves.toBe('true');
    await toMeta.getByLabel('Amount of par').fill('10');
    await toMeta.getByRole('button', { name: 'Review' }).click();
    await shown(toMeta.getByText('You move 10.00 par to meta.'));
    await toMeta.getByRole('button', { name: 'Move 10.00 par to meta' }).click();
    await shown(toMeta.getByText('Moved 10.00 par to meta.'));
    await expect.poll(() => balance(page, 'par')).toBe(money(left - 10));
    await expect.poll(() => balance(page, 'meta')).toBe('10.00');
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('link', { name: 'History' }).click();
    await shown(history.getByRole('row').filter({ hasText: 'Par to meta' }).filter({ hasText: '+10.00 meta' }));

    await checkScreen(page, 'asset-wallet-desktop', { fullPage: true });
    await page.goto(nftPath);
    await shown(page.getByText('You own this NFT.'));
    await checkScreen(page, 'asset-nft-desktop');
    await page.goto('/my-nfts');
    await shown(page.getByRole('list', { name: 'Your NFTs' }));
    await checkScreen(page, 'asset-my-nfts-desktop');
    await page.goto('/market');
    await shown(page.getByRole('list', { name: 'NFTs' }));
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'asset-market-desktop');
    noProblems(problems);
    await context.close();
  });

  it('lays out the market, an NFT, the wallet and My NFTs on a phone', async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    await signInThroughLoginPage(page, user, '/market');
    await shown(page.getByRole('list', { name: 'NFTs' }));
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Bottom navigation' }).isVisible()).resolves.toBe(true);
    await checkScreen(page, 'asset-market-phone');

    await page.getByRole('list', { name: 'NFTs' }).getByRole('link').nth(1).click();
    await shown(page.getByRole('button', { name: 'Buy with par' }));
    await page.getByRole('button', { name: 'Buy with card' }).click();
    await shown(page.getByLabel('Card number'));
    await checkScreen(page, 'asset-nft-phone');

    await page.goto('/wallet');
    await shown(page.getByRole('list', { name: 'What would you like to do?' }));
    await checkScreen(page, 'asset-wallet-phone', { fullPage: true });
    await page.goto('/wallet?action=top-up');
    await page.getByRole('region', { name: 'Top up par', exact: true }).getByLabel('Card number').scrollIntoViewIfNeeded();
    await checkScreen(page, 'asset-wallet-phone-top-up');
    await page.goto('/wallet?tab=history');
    await shown(page.getByRole('list', { name: /Wallet history/ }));
    await checkScreen(page, 'asset-wallet-phone-history');

    await page.goto('/my-nfts');
    await shown(page.getByRole('list', { name: 'Your NFTs' }));
    await checkScreen(page, 'asset-my-nfts-phone');

    // No page is wider than the phone. The market reads and checks its filter by hand, so a
    // fresh load of it fetches neither zod nor any contract schemas (~30 kB gzip).
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/market', '/wallet', '/my-nfts']) {
      scripts.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      if (path === '/market') {
        expect(scripts.some((s) => /\/market-page-/.test(s))).toBe(true);
        expect(scripts.filter((s) => /\/(zod|contracts)-/.test(s))).toEqual([]);
      }
    }
    noProblems(problems);
    await context.close();
  });
});
