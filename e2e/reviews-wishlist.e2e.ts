import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV } from './support/admin.js';
import { accessTokenFor, apiCall, mailTo } from './support/api.js';
import { checkScreen, launchBrowser, watchProblems, type PageProblems } from './support/browser.js';
import { DESKTOP, noProblems, paidOrder, PHONE, topUpPar } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';

// Products of the demo catalog (apps/api/seed/catalog.json), by id.
const MUG = { id: 10, name: 'Morning Ritual Ceramic Mug' };
/** Sold out by the admin in the set-up, for the back-in-stock request. */
const SOLD_OUT_ID = 15;

let server: RunningServer;
let browser: Browser;
let reviewer: TestUser;
let other: TestUser;
let shopper: TestUser;
let adminToken: string;
let soldOutName = '';
let otherReviewId = 0;
const admin: TestUser = { ...ADMIN, fullName: 'Shop Admin' };

/** An order of the mug, paid, shipped and delivered: its buyer may review it. */
async function deliveredMug(user: TestUser): Promise<void> {
  const token = await accessTokenFor(server.baseUrl, user);
  await topUpPar(server.baseUrl, token, 500);
  const orderNo = await paidOrder(server.baseUrl, user, token, [{ id: MUG.id, qty: 1 }]);
  await apiCall(server.baseUrl, '/admin/orders/ship', { token: adminToken, body: { orderNo, carrier: 'dhl-express', trackingNo: 'JD014600006281' } });
  await apiCall(server.baseUrl, '/admin/orders/deliver', { token: adminToken, body: { orderNo } });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV, { host: 'localhost' }), launchBrowser()]);
  adminToken = await accessTokenFor(server.baseUrl, ADMIN);
  [reviewer, other, shopper] = await Promise.all([createVerifiedUser(server.baseUrl, 'rev', 'Rita Reviewer'), createVerifiedUser(server.baseUrl, 'oth', 'Omar Other'), createVerifiedUser(server.baseUrl, 'wish', 'Wendy Wisher')]);
  await deliveredMug(reviewer);
  await deliveredMug(other);
  const otherToken = await accessTokenFor(server.baseUrl, other);
  otherReviewId = (
    await apiCall<{ id: number }>(server.baseUrl, `/ecommerce/product/${MUG.id}/review`, {
      token: otherToken,
      body: { rating: 5, title: 'My favourite mug', body: 'Keeps the coffee warm and feels great in the hand.' },
    })
  ).id;
  soldOutName = (await apiCall<{ name: string }>(server.baseUrl, `/ecommerce/product/${SOLD_OUT_ID}`, { token: adminToken })).name;
  await apiCall(server.baseUrl, '/admin/products/stock', { token: adminToken, body: { id: SOLD_OUT_ID, stock: 0 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const shown = (page: Page, locator: ReturnType<Page['locator']>, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const reviews = (page: Page) => page.getByRole('region', { name: 'Reviews' });

describe('reviews and ratings', () => {
  it('a member who received the mug reviews it: errors in plain words, the review, a helpful mark, sorting and the card’s rating (desktop)', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, reviewer, `/product/${MUG.id}`);
    const section = reviews(page);
    await shown(page, section.getByText('1 review', { exact: true }).first());
    await section.getByRole('button', { name: 'Write a review' }).click();
    const form = page.getByRole('form', { name: `Review ${MUG.name}` });
    await form.getByRole('button', { name: 'Publish review' }).click();
    await shown(page, form.getByText('Choose 1 to 5 stars.'));
    await shown(page, form.getByText('Title is required'));
    await shown(page, form.getByText('Your review must be at least 10 characters'));
    await checkScreen(page, 'review-form-errors-desktop');

    await form.locator('label').filter({ hasText: '4 stars' }).click();
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await form.getByLabel('Title').fill('Solid everyday mug');
    await form.getByLabel('Your review').fill('Good weight, the glaze is lovely. A little small for my taste.');
    await form.getByRole('button', { name: 'Publish review' }).click();
    await shown(page, section.getByText('Thank you! Your review is published.'));
    await shown(page, section.getByText('2 reviews', { exact: true }).first());
    await shown(page, section.getByText('You rated this 4 out of 5.'));
    // The average, on the product's head too.
    await shown(page, page.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' }));

    // The other member's review: marked helpful once, the toggle pressed.
    const helpful = section.getByRole('button', { name: /Helpful \(0\)/ });
    await helpful.click();
    const pressed = section.getByRole('button', { name: /Helpful \(1\)/ });
    await shown(page, pressed);
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await section.getByLabel('Sort by').selectOption('helpful');
    await shown(page, section.getByRole('article').first().getByRole('heading', { name: 'My favourite mug' }));
    await section.scrollIntoViewIfNeeded();
    await checkScreen(page, 'product-reviews-desktop');

    // The shop's card carries the rating.
    await page.goto('/shop?search=ceramic+mug');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: MUG.name }) });
    await shown(page, card.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' }));
    await checkScreen(page, 'shop-card-rating-desktop');
    noProblems(problems, [422]);
    await context.close();
  });

  it('shows the summary, the bars and the reviews on a phone, and edits one’s own review', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, other, `/product/${MUG.id}`);
    const section = reviews(page);
    await shown(page, section.getByRole('list', { name: 'Reviews by stars' }));
    await section.getByRole('button', { name: 'Edit your review' }).click();
    const form = page.getByRole('form', { name: `Edit your review of ${MUG.name}` });
    expect(await form.getByLabel('Title').inputValue()).toBe('My favourite mug');
    await form.locator('label').filter({ hasText: '3 stars' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await shown(page, section.getByText('Your review is updated.'));
    await shown(page, page.getByRole('img', { name: 'Rated 3.5 out of 5 from 2 reviews' }));
    await section.scrollIntoViewIfNeeded();
    await checkScreen(page, 'product-reviews-phone');
    noProblems(problems);
    await context.close();
  });

  it('an admin hides a review from the shop and shows it again, audited (desktop and phone)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, admin, '/admin/reviews');
      const row = page.getByRole('row').filter({ hasText: 'My favourite mug' });
      await row.getByRole('button', { name: /^Hide the review/ }).click();
      await shown(page, page.getByText('“My favourite mug”: The review is hidden from the shop.'));
      await checkScreen(page, `admin-reviews-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      const token = await accessTokenFor(server.baseUrl, reviewer);
      const seen = await apiCall<{ total: number; items: { id: number }[] }>(server.baseUrl, `/ecommerce/product/${MUG.id}/reviews`, { token });
      expect(seen.items.map((r) => r.id)).not.toContain(otherReviewId);
      await row.getByRole('button', { name: /^Show the review/ }).click();
      await shown(page, page.getByText('“My favourite mug”: The review shows in the shop again.'));
      noProblems(problems);
      await context.close();
    }
    const audit = await apiCall<{ items: { action: string; target: string }[] }>(server.baseUrl, '/admin/audit/list', { token: adminToken, body: { page: 1, pageSize: 10 } });
    expect(audit.items.filter((a) => a.target === `review:${otherReviewId}`).map((a) => a.action)).toEqual(['review.show', 'review.hide', 'review.show', 'review.hide']);
  });
});

describe('wishlist and back-in-stock mail', () => {
  it('starts empty, saves with the heart on a card, lists it, and asks for a mail on a sold-out product that comes when it is restocked (phone)', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, shopper, '/wishlist');
    await shown(page, page.getByRole('heading', { name: 'Your wishlist is empty' }));
    await checkScreen(page, 'wishlist-empty-phone');

    await page.goto('/shop?search=ceramic+mug');
    const heart = page.getByRole('button', { name: `Save ${MUG.name} to your wishlist` });
    await shown(page, heart);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await checkScreen(page, 'shop-heart-phone');

    await page.goto(`/product/${SOLD_OUT_ID}`);
    const save = page.getByRole('button', { name: 'Save to wishlist' });
    await shown(page, save);
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: /^Tell me when it’s back/ }).click();
    await shown(page, page.getByText('We will mail you once when it is back in stock.'));
    await checkScreen(page, 'product-back-in-stock-phone');

    await page.goto('/wishlist');
    await shown(page, page.getByText('2 products'));
    await shown(page, page.getByRole('link', { name: MUG.name }));
    await shown(page, page.getByRole('link', { name: soldOutName }));
    await checkScreen(page, 'wishlist-phone');

    // Restocked by the shop: one mail. A second restock sends no second one.
    await apiCall(server.baseUrl, '/admin/products/stock', { token: adminToken, body: { id: SOLD_OUT_ID, stock: 6 } });
    await apiCall(server.baseUrl, '/admin/products/stock', { token: adminToken, body: { id: SOLD_OUT_ID, stock: 9 } });
    const mails = (await mailTo(server.baseUrl, shopper.email)).filter((m) => m.subject === `${soldOutName} is back in stock`);
    expect(mails).toHaveLength(1);
    noProblems(problems);
    await context.close();
  });

  it('reaches the wishlist from the account menu and takes a product off with its heart (desktop)', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, shopper, '/shop');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL((url) => url.pathname === '/wishlist');
    await shown(page, page.getByText('2 products'));
    await checkScreen(page, 'wishlist-desktop');
    const heart = page.getByRole('button', { name: `Save ${MUG.name} to your wishlist` });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await shown(page, page.getByText('1 product', { exact: true }));
    await page.goto(`/product/${SOLD_OUT_ID}`);
    await shown(page, page.getByRole('button', { name: 'Save to wishlist' }));
    await checkScreen(page, 'product-wished-desktop');
    noProblems(problems);
    await context.close();
  });
});
