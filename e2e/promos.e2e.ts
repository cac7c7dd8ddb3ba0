import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV } from './support/admin.js';
import { accessTokenFor, apiCall } from './support/api.js';
import { checkScreen, launchBrowser, openTab } from './support/browser.js';
import { DESKTOP, noProblems, PHONE } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { addMainAddress } from './support/shop-user.js';

// A plain demo product (apps/api/seed/catalog.json): 129.00, so shipping is free.
const HEADPHONES = { id: 1, name: 'Aurora Wireless Headphones', price: 129 };

let server: RunningServer;
let browser: Browser;
const admin = { ...ADMIN, fullName: 'Admin' } as unknown as TestUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV, { host: 'localhost' }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (viewport: { width: number; height: number }) => openTab(browser, server.baseUrl, viewport);

const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));

/** A shopper with a main address and the headphones in the cart, at checkout. */
async function atCheckout(page: Page, prefix: string): Promise<TestUser> {
  const shopper = await createVerifiedUser(server.baseUrl, prefix, 'Pat Promo');
  await addMainAddress(server.baseUrl, shopper, await accessTokenFor(server.baseUrl, shopper));
  await signInThroughLoginPage(page, shopper, `/product/${HEADPHONES.id}`);
  await heading(page, HEADPHONES.name);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/checkout');
  await heading(page, 'Checkout');
  await page.getByRole('button', { name: 'Use my main address' }).click();
  await shown(page.getByRole('status').filter({ hasText: 'Filled in from your main address' }));
  return shopper;
}

describe('promo codes', () => {
  it('the admin creates and disables codes; a shopper applies one at checkout and the order shows it (desktop)', { timeout: 120_000 }, async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, admin, '/admin/promos');
    await heading(page, 'Promo codes');
    const form = page.getByRole('form', { name: 'New promo code' });
    // Checked before sending: the field says what is wrong.
    await form.getByLabel('Code').fill('no spaces');
    await form.getByRole('button', { name: 'Create code' }).click();
    await shown(form.getByText('must be 3 to 32 letters, digits, dashes or underscores'));
    await checkScreen(page, 'promos-admin-error-desktop');
    await form.getByLabel('Code').fill('SAVE10');
    await form.getByLabel('Percent off').fill('10');
    await form.getByRole('button', { name: 'Create code' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'The code SAVE10 is created.' }));
    await form.getByLabel('Code').fill('OLDCODE');
    await form.getByLabel('Percent off').fill('50');
    await form.getByRole('button', { name: 'Create code' }).click();
    await shown(page.getByRole('cell', { name: 'OLDCODE' }).or(page.getByText('OLDCODE', { exact: true })).first());
    await page.getByRole('button', { name: 'Disable code OLDCODE' }).click();
    await shown(page.getByText('The code OLDCODE is disabled: no new order can use it.'));
    await checkScreen(page, 'promos-admin-desktop');
    noProblems(problems);
    await context.close();

    const shop = await open(DESKTOP);
    await atCheckout(shop.page, 'promo');
    const code = shop.page.getByLabel('Promo code (optional)');
    await code.fill('oldcode');
    await code.press('Enter');
    await shown(shop.page.getByText('The code OLDCODE is no longer valid.'));
    await code.fill('nosuchcode');
    await shop.page.getByRole('button', { name: 'Apply' }).click();
    await shown(shop.page.getByText('There is no promo code NOSUCHCODE.', { exact: false }));
    await checkScreen(shop.page, 'promos-checkout-refused-desktop');
    await code.fill('save10');
    await shop.page.getByRole('button', { name: 'Apply' }).click();
    await shown(shop.page.getByText(/Code SAVE10: −12\.90 par/));
    await checkScreen(shop.page, 'promos-checkout-applied-desktop');
    const created = shop.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ecommerce/CreateEcomOrder');
    await shop.page.getByRole('button', { name: 'Continue to payment' }).click();
    const order = ((await (await created).json()) as { data: { orderNo: string; price: object } }).data;
    expect(order.price).toEqual({ subtotal: 129, discount: 12.9, shipping: 0, total: 116.1, promo: { code: 'SAVE10', discount: 12.9 } });
    await shown(shop.page.getByRole('heading', { name: 'Payment' }));
    await shown(shop.page.getByText('Code SAVE10'));
    await shop.page.goto(`/orders/${order.orderNo}`);
    await heading(shop.page, `Order ${order.orderNo}`);
    await shown(shop.page.getByText('Code SAVE10'));
    await checkScreen(shop.page, 'promos-order-desktop');
    noProblems(shop.problems, [422, 404]); // the refused codes
    await shop.context.close();
  });

  it('applies a code at checkout on a phone, and the admin list reads on a phone', { timeout: 90_000 }, async () => {
    const adminToken = await accessTokenFor(server.baseUrl, admin);
    await apiCall(server.baseUrl, '/admin/promos/create', { token: adminToken, body: { code: 'PHONE5', kind: 'fixed', value: 5, startsAt: Date.now() - 60_000, maxUses: 10 } });
    const { context, page, problems } = await open(PHONE);
    await atCheckout(page, 'promophone');
    await page.getByLabel('Promo code (optional)').fill('PHONE5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await shown(page.getByText(/Code PHONE5: −5\.00 par/));
    await page.getByText(/Code PHONE5/).scrollIntoViewIfNeeded();
    await checkScreen(page, 'promos-checkout-applied-phone');
    noProblems(problems);
    await context.close();

    const area = await open(PHONE);
    await signInThroughLoginPage(area.page, admin, '/admin/promos');
    await heading(area.page, 'Promo codes');
    await shown(area.page.getByText('PHONE5', { exact: true }).first());
    await checkScreen(area.page, 'promos-admin-phone', { fullPage: true });
    noProblems(area.problems);
    await area.context.close();

    // The admin's orders list says which code an order used and what it took off (the desktop journey's SAVE10 order).
    for (const viewport of [PHONE, DESKTOP]) {
      const orders = await open(viewport);
      await signInThroughLoginPage(orders.page, admin, '/admin/orders');
      await heading(orders.page, 'Orders');
      await shown(orders.page.getByText(/^Code SAVE10 −12\.90/).first());
      await orders.page
        .getByText(/^Code SAVE10 −12\.90/)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await checkScreen(orders.page, `promos-admin-orders-${viewport === PHONE ? 'phone' : 'desktop'}`);
      noProblems(orders.problems);
      await orders.context.close();
    }
  });
});
