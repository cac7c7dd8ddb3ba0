import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV } from './support/admin.js';
import { accessTokenFor, apiCall, mailTo } from './support/api.js';
import { ARTIFACTS_DIR, checkScreen, launchBrowser, watchProblems, type PageProblems } from './support/browser.js';
import { DESKTOP, noProblems, paidOrder, PHONE, topUpPar, whollyInView } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { placeOrder } from './support/shop-user.js';

// Products of the demo catalog (apps/api/seed/catalog.json), by id.
const MUG = { id: 10, name: 'Morning Ritual Ceramic Mug', slug: 'morning-ritual-ceramic-mug' };
const SOCKS = { id: 21, name: 'Cozy Merino Crew Socks (3 Pack)', stock: 5 };
const HABITS = { id: 28, name: 'Tiny Habits, Big Wins', stock: 2 };
const NINE = [1, 2, 3, 5, 6, 9, 11, 12, 13];

let server: RunningServer;
let browser: Browser;
let member: TestUser;
let token: string;
/** Ordered as the journeys need them: A (to buy again, ship, receipt), B (nine products), and one left unpaid to expire. */
const orders = { a: '', b: '', expiring: '' };

beforeAll(async () => {
  // Unpaid orders are released after a minute, and housekeeping looks every second: the journey
  // sees one expire, and its buyer told by mail, while it does the rest.
  [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, ORDER_EXPIRY_MINUTES: '1', HOUSEKEEPING_MS: '1000' }, { host: 'localhost' }), launchBrowser()]);
  member = await createVerifiedUser(server.baseUrl, 'orders', 'Olivia Orders');
  token = await accessTokenFor(server.baseUrl, member);
  orders.expiring = (await placeOrder(server.baseUrl, member, token, [{ id: 44, qty: 1 }])).orderNo;
  await topUpPar(server.baseUrl, token, 5000);
  orders.a = await paidOrder(server.baseUrl, member, token, [
    { id: MUG.id, qty: 2 },
    { id: SOCKS.id, qty: 2 },
    { id: HABITS.id, qty: 2 },
  ]);
  orders.b = await paidOrder(
    server.baseUrl,
    member,
    token,
    NINE.map((id) => ({ id, qty: 1 })),
  );
  // Another shopper buys what is left of the socks but one; the last two of the book are in order A.
  const other = await createVerifiedUser(server.baseUrl, 'other');
  const otherToken = await accessTokenFor(server.baseUrl, other);
  await placeOrder(server.baseUrl, other, otherToken, [{ id: SOCKS.id, qty: SOCKS.stock - 2 - 1 }]);
  // The shop ships order A with DHL Express.
  const admin = await accessTokenFor(server.baseUrl, ADMIN);
  await apiCall(server.baseUrl, '/admin/orders/ship', { token: admin, body: { orderNo: orders.a, carrier: 'dhl-express', trackingNo: 'JD014600006281' } });
}, 120_000);

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
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const orderCard = (page: Page, orderNo: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: orderNo, exact: true }) });

describe('orders as a member finds them', () => {
  it('lists orders with their pictures and items, buys one again as far as stock allows, prints its receipt and tracks it (desktop)', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, member, '/orders');
    await shown(h1(page, 'Your orders'));

    // Each order: its first picture, what was in it and how many.
    const a = orderCard(page, orders.a);
    await shown(a.getByText(`${MUG.name}, ${SOCKS.name} and 1 more`));
    await shown(a.getByText('6 items'));
    await expect(a.locator('img').first().getAttribute('src')).resolves.toBe(`/demo/products/${MUG.slug}-320.webp`);
    await shown(orderCard(page, orders.b).getByText('9 items'));
    await checkScreen(page, 'orders-list-desktop');

    // Buy again: what the shop still has goes into the cart, and the cart says what did not.
    await a.getByRole('button', { name: /^Buy again/ }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await shown(page.getByRole('status').filter({ hasText: `3 items from order ${orders.a} are in your cart.` }));
    const notAdded = page.getByRole('list', { name: 'Not added' });
    await shown(notAdded.getByText(`Only 1 of 2 × ${SOCKS.name} could be added: that is all the stock.`));
    await shown(notAdded.getByText(`${HABITS.name} is not available right now, so it was not added.`));
    await expect(page.getByLabel(`Quantity of ${MUG.name}`, { exact: true }).inputValue()).resolves.toBe('2');
    await checkScreen(page, 'orders-buy-again-cart-desktop');
    // A reload keeps the cart (the browser's); the note was for the moment it arrived.
    await page.reload();
    await shown(h1(page, 'Your cart'));
    await expect(page.getByLabel(`Quantity of ${SOCKS.name}`, { exact: true }).inputValue()).resolves.toBe('1');

    // The order: shipped with DHL Express, the tracking number links to DHL's page in a new tab.
    await page.goto(`/orders/${orders.a}`);
    await shown(h1(page, `Order ${orders.a}`));
    const track = page.getByRole('region', { name: 'Shipping' }).getByRole('link', { name: /JD014600006281/ });
    await expect(track.getAttribute('href')).resolves.toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281');
    await expect(track.getAttribute('target')).resolves.toBe('_blank');
    await shown(page.getByText('Carrier: DHL Express.'));
    await checkScreen(page, 'orders-detail-shipped-desktop');

    // The receipt: on screen with a Print button; on paper without the app around it.
    await page.getByRole('link', { name: 'Receipt' }).click();
    await shown(h1(page, 'Receipt'));
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await shown(receipt.getByText(orders.a, { exact: true }));
    await shown(receipt.getByRole('row').filter({ hasText: MUG.name }).filter({ hasText: '29.00' }));
    await shown(receipt.getByText('Par balance'));
    await shown(receipt.getByText('Olivia Orders'));
    await checkScreen(page, 'orders-receipt-desktop', { fullPage: true });
    await page.reload();
    await shown(receipt.getByRole('button', { name: 'Print' }));
    await page.emulateMedia({ media: 'print' });
    for (const chrome of [page.getByRole('banner'), page.getByRole('contentinfo'), receipt.getByRole('button', { name: 'Print' }), page.getByRole('link', { name: `Order ${orders.a}` })]) {
      await expect(chrome.isVisible()).resolves.toBe(false);
    }
    await expect(receipt.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/orders-receipt-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Buy again from the order page puts the nine products of order B on top of the cart.
    await page.goto(`/orders/${orders.b}`);
    await page.getByRole('button', { name: 'Buy again' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await shown(page.getByRole('status').filter({ hasText: `9 items from order ${orders.b} are in your cart.` }));
    await shown(page.getByText('12 items. Quantities are limited to what is in stock.'));

    noProblems(problems);
    await context.close();
  });

  it('keeps Checkout in reach on a long cart, and shows orders, the receipt and the cart’s notes on a phone', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, member, '/orders');
    await shown(orderCard(page, orders.b).getByText('9 items'));
    await checkScreen(page, 'orders-list-phone');
    await page.goto(`/orders/${orders.a}/receipt`);
    await shown(h1(page, 'Receipt'));
    await checkScreen(page, 'orders-receipt-phone', { fullPage: true });

    await page.goto('/orders');
    await orderCard(page, orders.b)
      .getByRole('button', { name: /^Buy again/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await shown(page.getByRole('status').filter({ hasText: 'are in your cart' }));
    await checkScreen(page, 'orders-buy-again-cart-phone');

    // The cart is longer than the screen; its Checkout stays above the bottom navigation while
    // the list scrolls, and at the end sits under the summary.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(true);
    const checkout = page.getByRole('link', { name: 'Checkout' });
    await expect(checkout.count()).resolves.toBe(1);
    await page.getByRole('listitem').filter({ hasText: 'Aurora Wireless Headphones' }).scrollIntoViewIfNeeded();
    await expect.poll(() => whollyInView(page, checkout)).toBe(true);
    await checkScreen(page, 'orders-long-cart-phone');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(() => whollyInView(page, checkout)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => whollyInView(page, checkout)).toBe(true);
    await checkScreen(page, 'orders-long-cart-end-phone');
    await checkout.click();
    await page.waitForURL((url) => url.pathname === '/checkout');

    noProblems(problems);
    await context.close();
  });

  it('asks before cancelling with "Keep order" and "Cancel order", and says who cancelled', async () => {
    const { context, page, problems } = await open(DESKTOP);
    const { orderNo } = await placeOrder(server.baseUrl, member, token, [{ id: 16, qty: 1 }]);
    await signInThroughLoginPage(page, member, `/orders/${orderNo}`);
    await shown(h1(page, `Order ${orderNo}`));
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await shown(dialog);
    await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual(['Keep order', 'Cancel order']);
    await checkScreen(page, 'orders-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shown(page.getByRole('region', { name: 'Items' }).getByText('Awaiting payment', { exact: true }));

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Your order is cancelled.' }));
    await shown(page.getByText('You cancelled this order.'));
    noProblems(problems);
    await context.close();
  });

  it('tells the buyer by mail when an unpaid order expires, and the order says so', { timeout: 120_000 }, async () => {
    const subject = `Order ${orders.expiring} cancelled: not paid in time`;
    await expect.poll(async () => (await mailTo(server.baseUrl, member.email)).map((m) => m.subject), { timeout: 90_000, interval: 1000 }).toContain(subject);
    const mail = (await mailTo(server.baseUrl, member.email)).find((m) => m.subject === subject)!;
    expect(mail.text).toContain('Nothing was charged.');
    expect(mail.text).toContain(`${server.baseUrl}/orders/${orders.expiring}`);

    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, member, `/orders/${orders.expiring}`);
    await shown(h1(page, `Order ${orders.expiring}`));
    await shown(page.getByText('It was not paid in time, so the shop released it. Nothing was charged.'));
    await shown(page.getByRole('region', { name: 'Items' }).getByText('Cancelled', { exact: true }));
    await checkScreen(page, 'orders-expired-phone');
    noProblems(problems);
    await context.close();
  });
});
