import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { checkScreen, launchBrowser, openTab } from './support/browser.js';
import { DESKTOP, noProblems, PHONE, whollyInView } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';

// A demo product and its gallery (apps/api/seed/catalog.json): the product, a close-up, in use.
const JACKET = { id: 17, name: 'Harbor Denim Jacket', slug: 'harbor-denim-jacket' };

let server: RunningServer;
let browser: Browser;
let member: TestUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { host: 'localhost' }), launchBrowser()]);
  member = await createVerifiedUser(server.baseUrl, 'catalog', 'Cato Catalog');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (viewport: { width: number; height: number }) => openTab(browser, server.baseUrl, viewport);

const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const sortOptions = (page: Page) => page.getByLabel('Sort by').locator('option').allTextContents();

describe('the shop’s words, the product gallery and the cart toast', () => {
  it('sorts newest first without a search and by best match with one, and explains par where prices show', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, member, '/shop');
    await shown(page.getByRole('heading', { level: 1, name: 'Shop' }));
    await shown(page.getByText(/of 50 products/));
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('newest');
    await expect(sortOptions(page)).resolves.toEqual(['Newest', 'Price: low to high', 'Price: high to low']);

    // "What is par?" opens in place.
    const help = page.getByText('What is par?');
    await help.click();
    await shown(page.getByText('Par is the shop’s own credit, and every price here is in par: 1 par is worth 1 USD.', { exact: false }));
    await checkScreen(page, 'catalog-shop-par-help-desktop');

    // A search sorts by best match, offered now; clearing it goes back to newest.
    await page.getByLabel('Search products').fill('cotton');
    await page.getByLabel('Search products').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'cotton' && !url.searchParams.has('sort'));
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('relevance');
    await expect(sortOptions(page)).resolves.toEqual(['Best match', 'Newest', 'Price: low to high', 'Price: high to low']);
    await page.getByLabel('Search products').fill('');
    await page.getByLabel('Search products').press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('newest');
    // A sort the shopper picked stays when they search.
    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.getByLabel('Search products').fill('mug');
    await page.getByLabel('Search products').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'mug' && url.searchParams.get('sort') === 'price_asc');

    // The home page explains it beside the first prices too.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured' }).scrollIntoViewIfNeeded();
    await shown(page.getByText('What is par?'));
    noProblems(problems);
    await context.close();
  });

  it('shows a product’s pictures as a gallery: thumbnails, zoom where the mouse points, and a reload keeps the page (desktop)', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, member, `/product/${JACKET.id}`);
    const strip = page.getByRole('list', { name: /^Images of Harbor Denim Jacket/ });
    await shown(strip);
    // The pictures after the first get their address once the first is shown (its paint comes first).
    await expect.poll(() => strip.locator('img').evaluateAll((images) => images.every((img) => img.getAttribute('src'))), { timeout: 10_000 }).toBe(true);
    const sources = await strip.locator('img').evaluateAll((images) => images.map((img) => new URL((img as HTMLImageElement).src).pathname));
    expect(sources).toEqual([`/demo/products/${JACKET.slug}.webp`, `/demo/products/${JACKET.slug}-2.webp`, `/demo/products/${JACKET.slug}-3.webp`]);
    // Every picture is there (the close-up and the one in use too).
    for (const source of sources) expect((await page.request.get(source)).headers()['content-type']).toBe('image/webp');

    const first = page.getByRole('img', { name: `${JACKET.name}, image 1 of 3` });
    await shown(first);
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await expect.poll(() => first.evaluate((img) => getComputedStyle(img).transform)).not.toBe('none');
    await checkScreen(page, 'catalog-gallery-zoom-desktop');
    await page.mouse.move(box.x + box.width + 200, box.y);
    await expect.poll(() => first.evaluate((img) => getComputedStyle(img).transform)).toBe('none');

    // From the keyboard: the Zoom button, then the thumbnails.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Show image 2 of 3' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Show image 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);
    await shown(page.getByRole('img', { name: `${JACKET.name}, image 2 of 3` }));
    await checkScreen(page, 'catalog-gallery-detail-desktop');
    // The arrow keys move through the strip.
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('button', { name: 'Show image 3 of 3' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await shown(page.getByRole('img', { name: `${JACKET.name}, image 1 of 3` }));
    noProblems(problems);
    await context.close();
  });

  it('swipes through the gallery on a phone, and confirms "Added to cart" above the bottom navigation', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, member, `/product/${JACKET.id}`);
    const strip = page.getByRole('list', { name: /^Images of Harbor Denim Jacket/ });
    await shown(strip);
    await checkScreen(page, 'catalog-product-phone');
    // A swipe: the strip scrolls a screen sideways and snaps to the next picture.
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth * 0.7 }));
    await expect.poll(() => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Show image 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
    await shown(page.getByText('2 / 3'));
    await checkScreen(page, 'catalog-gallery-swiped-phone');

    // Added to cart: a toast above the bottom navigation, wherever the page is scrolled.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toast = page.getByRole('status').filter({ hasText: `Added 1 × ${JACKET.name} to your cart.` });
    await shown(toast);
    await expect.poll(() => whollyInView(page, toast)).toBe(true);
    // The toast fades in: its colours are checked once it has (mid-fade they blend with the page).
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    await checkScreen(page, 'catalog-added-toast-phone');
    await toast.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await shown(page.getByRole('heading', { level: 1, name: 'Your cart' }));
    noProblems(problems);
    await context.close();
  });
});
