import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, checkScreen, holdFiles, refuseAppCode, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { accessTokenFor } from './support/api.js';
import { addMainAddress, MAIN_ADDRESS, placeOrder } from './support/shop-user.js';
import { expectGridFirstScreen } from './support/first-screen.js';

let server: RunningServer;
let browser: Browser;
let shopper: TestUser;
/** The order the journey places, for the screenshots of the order pages. */
let orderNo = '';

// From the demo catalog seeded at start-up.
const MONITOR = { name: 'Lumen 27" 4K Monitor', price: 349, stock: 4 };
const HEADPHONES = { name: 'Aurora Wireless Headphones', price: 129 };
const LAST_LIP_BALM = { id: 50, name: 'Honey Mint Lip Balm' };
/** How long a page load waits at most for its first screen before the calls below it go (web's lib/first-screen.ts). */
const FIRST_SCREEN_WAIT_MS = 1500;

beforeAll(async () => {
  // localhost, not 127.0.0.1: the refresh cookie is __Host- and Secure.
  [server, browser] = await Promise.all([startServer({}, { host: 'localhost' }), launchBrowser()]);
  shopper = await createVerifiedUser(server.baseUrl, 'shop', 'Sam Shopper');
  await addMainAddress(server.baseUrl, shopper, await accessTokenFor(server.baseUrl, shopper));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });
const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));
const atPath = (page: Page, pathname: string | RegExp) =>
  page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)), { timeout: 10_000 });
const search = (page: Page) => new URL(page.url()).searchParams;
/** An amount as the app prints it: 1234.5 -> "1,234.50". */
const money = (amount: number) => amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Console errors other than the failed requests a journey provokes on purpose (Chromium logs every 4xx). */
function noProblems(problems: PageProblems, expectedStatuses: number[] = []) {
  const expected = new RegExp(`status of (${expectedStatuses.join('|') || 'none'})`);
  expect({ ...problems, consoleErrors: problems.consoleErrors.filter((text) => !expected.test(text)) }).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}

async function signIn(page: Page) {
  await page.goto('/login');
  await heading(page, 'Sign in');
  await page.getByLabel('Username or email').fill(shopper.userName);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await atPath(page, '/shop');
}

/** The product cards of the shop grid: name, price and category as the cards show them. */
async function cards(page: Page) {
  const grid = page.getByRole('region', { name: 'Products' }).getByRole('article');
  await shown(grid.first());
  return grid.evaluateAll((articles) =>
    articles.map((a) => ({
      name: a.querySelector('h3')?.textContent ?? '',
      category: a.querySelector('p')?.textContent ?? '',
      price: Number((Array.from(a.querySelectorAll('span')).find((el) => / par$/.test(el.textContent ?? ''))?.textContent ?? 'NaN').replace(/[^\d.]/g, '')),
    })),
  );
}

/** Waits until the grid shows the answer for the address (no dimmed placeholder data). */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 });

async function stockOf(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await shown(page.getByRole('heading', { level: 1 }));
  return (await page.locator('main').getByText(/^(In stock|Only \d+ left|Out of stock)$/).first().textContent()) ?? '';
}

describe('shop: from search to a paid order and its cancellation', () => {
  it('finds products, fills a cart, pays by card, and cancelling puts the stock back', async () => {
    const { context, page, problems } = await open(VIEWPORTS.desktop);
    await signIn(page);
    await heading(page, 'Shop');
    await shown(page.getByText('1–12 of 50 products'));

    // Nothing matches: the page says so and offers the way back.
    await page.getByRole('combobox', { name: 'Search products' }).fill('qqqzzzx');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'No products match' }));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await shown(page.getByText('1–12 of 50 products'));
    expect(search(page).has('search')).toBe(false);

    // Search, then narrow to a category from the side navigation: both live in the address.
    await page.getByRole('combobox', { name: 'Search products' }).fill('wireless');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'wireless');
    await settled(page);
    expect((await cards(page)).map((c) => c.name)).toContain(HEADPHONES.name);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: /^Electronics/ }).click();
    await heading(page, 'Electronics');
    await settled(page);
    expect(search(page).get('category')).toBe('electronics');
    for (const card of await cards(page)) expect(card.category).toBe('Electronics');

    // The back button undoes the category; forward brings it back.
    await page.goBack();
    await heading(page, 'Shop');
    expect(search(page).get('category')).toBeNull();
    await page.goForward();
    await heading(page, 'Electronics');

    // A price range, checked in the browser first: letters are refused with the field's message.
    await page.getByRole('link', { name: 'Remove filter “wireless”' }).click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill('abc');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await shown(page.getByText('From must be a number'));
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    await from.fill('100');
    await page.getByRole('textbox', { name: 'To' }).fill('400');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL((url) => url.searchParams.get('priceFr') === '100' && url.searchParams.get('priceTo') === '400');
    await settled(page);
    const inRange = await cards(page);
    expect(inRange.map((c) => c.name)).toEqual(expect.arrayContaining([MONITOR.name, HEADPHONES.name]));
    for (const card of inRange) {
      expect(card.category).toBe('Electronics');
      expect(card.price).toBeGreaterThanOrEqual(100);
      expect(card.price).toBeLessThanOrEqual(400);
    }
    await checkScreen(page, 'shop-journey-filtered-desktop');

    // The monitor: only a few left. One goes into the cart.
    await page.getByRole('link', { name: MONITOR.name }).click();
    await heading(page, MONITOR.name);
    await shown(page.getByText(`Only ${MONITOR.stock} left`));
    const monitorId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: `Added 1 × ${MONITOR.name} to your cart.` }));
    // The stepper stops at what is left in stock (4, one of them in the cart already).
    const qty = page.getByRole('textbox', { name: 'Quantity' });
    for (let i = 0; i < 5; i++) if (await page.getByRole('button', { name: 'Increase quantity' }).isEnabled()) await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await qty.inputValue()).toBe(String(MONITOR.stock - 1));
    await shown(page.getByText(`You have 1 in your cart. You can add up to ${MONITOR.stock - 1} more.`));
    await checkScreen(page, 'shop-journey-product-desktop');

    // The headphones, two of them, found back through the breadcrumb's category.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Electronics' }).click();
    await heading(page, 'Electronics');
    await page.getByRole('link', { name: HEADPHONES.name }).click();
    await heading(page, HEADPHONES.name);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: `Added 2 × ${HEADPHONES.name}` }));
    await shown(page.getByRole('link', { name: 'Cart, 3 items' }));

    // The cart: change a quantity; the subtotal is the browser's estimate and says so.
    await page.getByRole('link', { name: 'View cart' }).click();
    await heading(page, 'Your cart');
    await page.getByRole('button', { name: `Increase quantity of ${HEADPHONES.name}` }).click();
    await shown(page.getByRole('link', { name: 'Cart, 4 items' }));
    // The summary's (phones show the same subtotal in the bar that keeps Checkout in reach).
    await shown(page.getByRole('region', { name: 'Summary' }).getByText('Estimated subtotal'));
    await expect.poll(() => page.locator('dd').filter({ hasText: 'par' }).first().textContent()).toContain('736.00');
    await checkScreen(page, 'shop-journey-cart-desktop');

    // Checkout: the main address fills the form; continuing places the order and shows the server's prices.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await heading(page, 'Checkout');
    await page.getByRole('button', { name: 'Use my main address' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Filled in from your main address' }));
    expect(await page.getByLabel('Full name').inputValue()).toBe(MAIN_ADDRESS.recipientName);
    expect(await page.getByLabel('Postal code').inputValue()).toBe(MAIN_ADDRESS.zip);
    expect(await page.getByLabel('Email').inputValue()).toBe(shopper.email);
    await checkScreen(page, 'shop-journey-checkout-shipping-desktop');
    const priced = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ecommerce/GetPriceOrder');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ecommerce/CreateEcomOrder');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const createRequest = (await created).request();
    expect(createRequest.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(createRequest.postData() ?? '{}')).toMatchObject({ list: [{ id: monitorId, qty: 1 }, { qty: 3 }], shipping: { shipping_zip: MAIN_ADDRESS.zip } });
    const price = ((await (await priced).json()) as { data: { subtotal: number; total: number } }).data;
    expect(price.subtotal).toBe(MONITOR.price + 3 * HEADPHONES.price);
    await shown(page.getByRole('heading', { name: 'Payment' }));
    const payButton = page.getByRole('button', { name: `Pay ${money(price.total)} par` });
    await shown(payButton);

    // A declined card: said plainly, and the order stays unpaid.
    await page.getByRole('radio', { name: /New card/ }).check();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Sam Shopper');
    await payButton.click();
    await shown(page.getByRole('alert').filter({ hasText: /declined/i }));
    await shown(page.getByRole('alert').filter({ hasText: 'choose another way to pay' }));
    await checkScreen(page, 'shop-journey-checkout-declined-desktop');

    // The test card that pays: the cart empties and the order opens, paid.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton.click();
    await atPath(page, /^\/orders\/ORD-/);
    orderNo = new URL(page.url()).pathname.split('/').pop() ?? '';
    await heading(page, `Order ${orderNo}`);
    await shown(page.getByRole('status').filter({ hasText: 'Your payment went through' }));
    await shown(page.getByText('Paid with your card ending 4242.'));
    await shown(page.getByRole('link', { name: 'Cart, empty' }));
    expect(await stockOf(page, monitorId)).toBe(`Only ${MONITOR.stock - 1} left`);

    // The order list shows it, paid, with its total.
    await page.goto('/orders');
    await heading(page, 'Your orders');
    const row = page.getByRole('listitem').filter({ hasText: orderNo });
    await shown(row);
    await shown(row.getByText('Paid', { exact: true }));
    await shown(row.getByText(money(price.total)));
    await checkScreen(page, 'shop-journey-orders-desktop');

    // Cancel it: a confirmation first, then the refund and the stock go back.
    await row.getByRole('link', { name: orderNo, exact: true }).click();
    await heading(page, `Order ${orderNo}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await shown(dialog);
    await shown(dialog.getByText('refunded to your card ending 4242'));
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shown(page.getByRole('status').filter({ hasText: 'Your order is cancelled.' }));
    await shown(page.getByRole('region', { name: 'Items' }).getByText('Cancelled', { exact: true }));
    await shown(page.getByRole('region', { name: 'Payment' }).getByText(`${money(price.total)} par refunded to your card ending 4242 on`));
    await expect.poll(() => page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await checkScreen(page, 'shop-journey-order-cancelled-desktop');
    expect(await stockOf(page, monitorId)).toBe(`Only ${MONITOR.stock} left`);

    noProblems(problems, [422]);
    await context.close();
  });

  it('after a reload renews the session and asks for the page’s data once each, early, or takes it from the HTML, with the token kept out of storage', async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    await signIn(page);
    // The shop's list is asked for by the early script; a product comes with the page's HTML
    // (its first data) and is not asked for at all.
    for (const [path, dataCall, dataCalls] of [
      ['/shop?sort=newest', 'POST /api/ecommerce/SelProductShop', 1],
      [`/product/${LAST_LIP_BALM.id}`, `GET /api/ecommerce/product/${LAST_LIP_BALM.id}`, 0],
    ] as const) {
      const calls: string[] = [];
      const scripts: string[] = [];
      let token = '';
      const onRequest = (request: { method(): string; url(): string; resourceType(): string }) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
        if (request.resourceType() === 'script') scripts.push(pathname);
      };
      const onResponse = async (response: { url(): string; json(): Promise<unknown> }) => {
        if (new URL(response.url()).pathname === '/api/auth/refresh') token = ((await response.json()) as { data: { accessToken: { token: string } } }).data.accessToken.token;
      };
      page.on('request', onRequest);
      page.on('response', onResponse);
      // A new page load: the access token (memory only) is gone and is renewed through the cookie.
      await page.goto(path);
      await shown(page.locator('main article img').first());
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      page.off('response', onResponse);
      const count = (call: string) => calls.filter((c) => c === call).length;
      expect({ path, refresh: count('POST /api/auth/refresh'), userDetail: count('POST /api/user/detail'), data: count(dataCall) }).toEqual({ path, refresh: 1, userDetail: 1, data: dataCalls });
      // The early script sent them and preloaded the shop's first images (the product's picture is
      // in the HTML's first screen instead), and the app used its answers.
      const preloads = await page.locator('link[rel="preload"][as="image"]').count();
      if (dataCalls > 0) expect(preloads, path).toBeGreaterThan(0);
      else expect(preloads, path).toBe(0);
      expect(token.length).toBeGreaterThan(20);
      // Browsing pages read the shop's limits as plain numbers: no zod, no contract schemas
      // (~45 kB gzip, and tens of ms to build them on a phone), no postal address formats.
      expect(scripts.filter((s) => /\/(zod|schemas|contracts|address-format)-/.test(s)), path).toEqual([]);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toContain(token);
    }
    noProblems(problems);
    await context.close();
  });

  it('loads a page’s first screen first: its image before the calls and pictures further down, and no second early script', async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    // Signing in claims the browser's cart at once (it does not wait): done before the reload,
    // so that what is measured below is the first screen's wait alone.
    const claimed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ecommerce/cart');
    await signIn(page);
    await claimed;
    // Off the shop (its cards' pictures may still be on their way), then the product afresh.
    await page.goto('about:blank');
    // The product's main picture answers late, as on a slow connection: what the first screen
    // does not show must wait for it (the hearts' marks, the cart check, reviews, related
    // products, the other pictures). A full-size picture, which the shop's cards never load.
    let mainImageServed = false;
    await page.route(/\/demo\/products\/[^/]+\.webp$/, async (route) => {
      if (/-320\.webp$/.test(route.request().url())) return route.continue();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 700));
      mainImageServed = true;
      await route.fulfill({ response });
    });
    const before: Request[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(pathname);
      const deferred = /^\/api\/ecommerce\/(wishlist\/marks|cart|product\/\d+\/(reviews|related))$/.test(pathname) || /-320\.webp$/.test(pathname);
      if (deferred && !mainImageServed) before.push(request);
    });
    await page.goto(`/product/${LAST_LIP_BALM.id}`);
    await heading(page, LAST_LIP_BALM.name);
    await shown(page.getByRole('heading', { name: 'Reviews' }));
    await page.waitForLoadState('networkidle');
    expect(mainImageServed).toBe(true);
    // Nothing went before the picture was served, unless the page's wait for its first screen
    // had run out (1.5 s after the load started, web's lib/first-screen.ts): a machine busy
    // enough to take that long to ask for the picture lets the rest go then, by design.
    const loadStarted = await page.evaluate(() => performance.timeOrigin);
    const tooEarly = before.filter((request) => request.timing().startTime < loadStarted + FIRST_SCREEN_WAIT_MS);
    expect(tooEarly.map((request) => new URL(request.url()).pathname)).toEqual([]);
    // And they did come once it was shown.
    await expect(page.locator('[aria-busy="true"]').count()).resolves.toBe(0);
    // page.html carries both early scripts inline: no request for the second one.
    expect(scripts.filter((s) => s.includes('early-page'))).toEqual([]);
    noProblems(problems);
    await context.close();
  });

  it('stays signed in when a renewal reaches the API but its answer is lost (a page left or reloaded meanwhile)', async () => {
    const { context, page, problems } = await open(VIEWPORTS.desktop);
    await signIn(page);
    // The next renewal is carried out by the API, which rotates the refresh cookie, but the
    // browser never sees the answer, so it keeps the old cookie, as when the page is left.
    const renewals: string[] = [];
    await page.route('**/api/auth/refresh', async (route) => {
      if (renewals.length > 0) {
        renewals.push('answered');
        return route.continue();
      }
      // Sent from here with the browser's headers (its cookie), so the answer and its new
      // cookie reach this test and never the browser.
      const request = route.request();
      const response = await fetch(request.url(), { method: request.method(), headers: await request.allHeaders(), body: request.postData() });
      renewals.push(`lost ${response.status}`);
      await route.abort('connectionaborted');
    });
    await page.goto('/orders');
    // The list (or its empty state), not the heading: the heading paints from the HTML, before the app runs.
    const loaded = () => shown(page.locator('main').getByText(/^(\d+ orders?|No orders yet)$/));
    await loaded();
    expect(new URL(page.url()).pathname).toBe('/orders');
    // The app asked once more with the old cookie, which the API took back.
    expect(renewals).toEqual(['lost 200', 'answered']);
    // And the cookie it holds now is good for the next load.
    await page.unrouteAll();
    await page.reload();
    await loaded();
    expect(new URL(page.url()).pathname).toBe('/orders');
    // Chromium logs the aborted request: expected here, and only that.
    expect(problems.consoleErrors).toEqual(['Failed to load resource: net::ERR_CONNECTION_ABORTED']);
    problems.consoleErrors.length = 0;
    noProblems(problems);
    await context.close();
  });

  it('says in plain words when the orders cannot be loaded, and Try again loads them', async () => {
    const { context, page, problems } = await open(VIEWPORTS.desktop);
    await signIn(page);
    // The server is unreachable for the first load and the query's one automatic retry.
    let refused = 0;
    await page.route('**/api/ecommerce/GetEcomOrder*', async (route) => {
      if (refused >= 2) return route.continue();
      refused += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: false, msg: 'The service is busy. Try again in a moment.', code: 'UNAVAILABLE' }) });
    });
    await page.goto('/orders');
    await heading(page, 'Your orders');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load your orders.' });
    await shown(alert);
    await expect(alert.textContent()).resolves.toContain('The service is busy. Try again in a moment.');
    await checkScreen(page, 'shop-orders-load-error-desktop');
    await page.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached', timeout: 10_000 });
    // The list (the first journey placed an order) or, run alone, the empty state.
    await shown(page.locator('main').getByText(/^(\d+ orders?|No orders yet)$/));
    await expect(page.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    expect(refused).toBe(2);
    noProblems(problems, [503]);
    await context.close();
  });

  it('filters in a focus-trapped drawer on a phone, and every shop page looks right at both sizes', async () => {
    expect(orderNo).toMatch(/^ORD-/);
    const { context, page, problems } = await open(VIEWPORTS.phone);
    await signIn(page);

    // The side navigation is a drawer here: Tab stays inside, Escape closes it and returns focus.
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await filtersButton.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await shown(drawer);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await filtersButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // Choosing a category in the drawer filters the list behind it.
    await filtersButton.click();
    await drawer.getByRole('link', { name: /^Books/ }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'books');
    await shown(drawer.getByRole('button', { name: 'Show 7 products' }));
    await checkScreen(page, 'shop-journey-drawer-phone');
    await drawer.getByRole('button', { name: 'Show 7 products' }).click();
    await heading(page, 'Books');

    // A product that left the catalog while it sat in the cart: shown as such, and it blocks checkout until removed.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('parmeta-store') ?? '{}') as { state: { cart: { list: unknown[] } } };
      stored.state.cart.list = [{ id: '999999', qty: 1 }];
      localStorage.setItem('parmeta-store', JSON.stringify(stored));
    });
    await page.goto('/cart');
    await heading(page, 'Your cart');
    await shown(page.getByText('This product is no longer available.'));
    await shown(page.getByText('Remove the products that are no longer available to check out.'));
    expect(await page.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove' }).click();
    await shown(page.getByRole('heading', { name: 'Your cart is empty' }));

    // The last lip balm: in this cart, but another shopper buys it first. The order is refused in plain words.
    await page.goto(`/product/${LAST_LIP_BALM.id}`);
    await heading(page, LAST_LIP_BALM.name);
    await shown(page.getByText('Only 1 left'));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'View cart' }).click();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await heading(page, 'Checkout');
    const rival = await createVerifiedUser(server.baseUrl, 'shop', 'Sam Shopper');
    await placeOrder(server.baseUrl, rival, await accessTokenFor(server.baseUrl, rival), [{ id: LAST_LIP_BALM.id, qty: 1 }]);
    await page.getByRole('button', { name: 'Use my main address' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Filled in from your main address' }));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await shown(page.getByRole('alert').filter({ hasText: `${LAST_LIP_BALM.name}` }).filter({ hasText: 'Nothing was ordered.' }));
    await checkScreen(page, 'shop-journey-out-of-stock-phone');
    await page.getByRole('link', { name: 'Review your cart' }).click();
    await heading(page, 'Your cart');
    await shown(page.getByText('Out of stock now. Remove it to check out.'));
    await page.getByRole('button', { name: `Remove ${LAST_LIP_BALM.name} from the cart` }).click();
    await shown(page.getByRole('heading', { name: 'Your cart is empty' }));

    await page.goto('/shop?category=books');
    await heading(page, 'Books');

    // A cart to look at: one book.
    await page.getByRole('link', { name: 'The Quiet Algorithm' }).click();
    await heading(page, 'The Quiet Algorithm');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Added 1 ×' }));

    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      const pages: [string, string, string | RegExp][] = [
        ['/', 'home', /ParMeta Market/],
        ['/shop', 'list', 'Shop'],
        ['/product/23', 'product', 'The Quiet Algorithm'],
        ['/cart', 'cart', 'Your cart'],
        ['/checkout', 'checkout', 'Checkout'],
        ['/orders', 'orders', 'Your orders'],
        [`/orders/${orderNo}`, 'order', `Order ${orderNo}`],
      ];
      for (const [path, name, title] of pages) {
        await page.goto(path);
        await heading(page, title);
        await settled(page);
        // A fresh load starts at the top (the router's scroll memory keys every first load alike).
        await page.evaluate(() => window.scrollTo(0, 0));
        // Images that are in view have arrived before the picture is taken.
        await page.waitForFunction(() =>
          Array.from(document.images)
            .filter((img) => img.getBoundingClientRect().top < innerHeight && img.getBoundingClientRect().bottom > 0)
            .every((img) => img.complete && img.naturalWidth > 0),
        );
        await checkScreen(page, `shop-${name}-${device}`);
      }
    }

    noProblems(problems, [404, 409]);
    await context.close();
  });
});

describe('a product page’s first screen comes with its HTML', () => {
  it('paints the breadcrumb and the main picture from the HTML, keeps them while the app loads, and the page shows them in the same place without asking for the product (phone and desktop)', async () => {
    const path = '/product/1';
    const picture = (page: Page) => page.locator('#root .gallery-slide img').first();
    const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
    const boxes = (page: Page) => Promise.all([crumbs(page).boundingBox(), picture(page).boundingBox()]);
    const loaded = (page: Page) => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await open(viewport);
      await signIn(page);
      await page.goto(path);
      await heading(page, HEADPHONES.name);
      await expect.poll(() => loaded(page)).toBe(true);
      const final = await boxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);

      // The HTML alone (the app's code refused): the breadcrumb and the main picture, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto(path);
      await expect(crumbs(early).getByRole('listitem').allTextContents()).resolves.toEqual(['Shop', 'Electronics', HEADPHONES.name]);
      await expect(picture(early).getAttribute('alt')).resolves.toMatch(new RegExp(`^${HEADPHONES.name}`));
      await expect.poll(() => loaded(early)).toBe(true);
      expect(await boxes(early)).toEqual(final);
      await early.close();

      // The app running, the page's own code held back: the layout keeps what the HTML painted, in
      // place; then the page shows the product from the HTML's data, with no call for it.
      const held = await context.newPage();
      const productCalls: string[] = [];
      held.on('request', (request: Request) => {
        if (new URL(request.url()).pathname === `/api/ecommerce${path}`) productCalls.push(request.url());
      });
      const release = await holdFiles(held, /\/assets\/product-page-[^/]+\.js$/);
      await held.goto(path);
      await shown(held.locator('header a[href="/"]'));
      await expect(held.locator('#root .app-shell').count()).resolves.toBe(0);
      expect(await boxes(held)).toEqual(final);
      release();
      await heading(held, HEADPHONES.name);
      expect(await boxes(held)).toEqual(final);
      expect(productCalls).toEqual([]);
      await held.close();
      noProblems(problems);
      await context.close();
    }
  });

  it('sends the product with the page only to a member with a live session', async () => {
    const html = async (cookie?: string) => (await fetch(`${server.baseUrl}/product/1`, { headers: cookie ? { cookie } : {} })).text();
    const { context, page } = await open(VIEWPORTS.desktop);
    await signIn(page);
    const session = (await context.cookies()).find((c) => c.name === '__Host-parmeta_rt');
    expect(session).toBeDefined();
    const member = `${session!.name}=${session!.value}`;
    expect(await html(member)).toContain('<script type="application/json" id="first-data">{"name":"productDetail","id":1,');
    for (const other of [undefined, `${session!.name}=not-a-token`]) expect(await html(other)).not.toContain('id="first-data"');
    // Signed out: the session has ended, and the page no longer carries the product.
    await page.getByRole('button', { name: `Account menu for ${shopper.fullName}` }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await atPath(page, '/login');
    expect(await html(member)).not.toContain('id="first-data"');
    await context.close();
  });
});

describe('the shop’s first screen comes with its HTML', () => {
  it('paints the header, the count and the first page of cards from a bare /shop’s HTML, keeps them while the app loads, and the page shows them in the same place without asking for them (phone and desktop)', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await open(viewport);
      await signIn(page);
      await expectGridFirstScreen(context, {
        path: '/shop',
        selectors: ['#root h1', '#root .shop-count', '#root .product-grid > li:first-child img', '#root .product-grid > li:nth-child(2) h3'],
        pageCode: /\/assets\/shop-page-[^/]+\.js$/,
        call: /^\/api\/ecommerce\/SelProductShop$/,
        pageShown: (shop) => shown(shop.getByLabel('Sort by')),
        checkEarly: async (early) => {
          await expect(early.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Shop');
          await expect(early.locator('#root .shop-count').textContent()).resolves.toMatch(/^1–12 of \d+ products$/);
          await expect(early.locator('#root .product-grid > li').count()).resolves.toBe(12);
          await expect(early.locator('#root .product-grid > li:first-child a').getAttribute('href')).resolves.toMatch(/^\/product\/\d+$/);
        },
      });
      noProblems(problems);
      await context.close();
    }
  });
});

describe('the cart page’s first screen comes with its HTML', () => {
  it('paints the header, the lines being checked and the summary’s fine print from the stored cart, and keeps them in place while the app loads and checks the lines (phone and desktop)', async () => {
    const member = await createVerifiedUser(server.baseUrl, 'firstcart', 'Cara Cart');
    const boxes = (page: Page) => Promise.all(['#root h1', '#root .page-header-description', '#root .cart-line', '#root .cart-fine'].map((selector) => page.locator(selector).first().boundingBox()));
    let first = true;
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, member, '/product/1');
      await heading(page, HEADPHONES.name);
      if (first) {
        await page.getByRole('button', { name: 'Increase quantity' }).click();
        await page.getByRole('button', { name: 'Add to cart' }).click();
        await shown(page.getByRole('status').filter({ hasText: `Added 2 × ${HEADPHONES.name}` }));
        first = false;
      }
      await shown(page.getByRole('link', { name: 'Cart, 2 items' }));

      // The page itself while its lines are checked (the product and the server's cart held back).
      const loading = await context.newPage();
      const releaseLines = await holdFiles(loading, /\/api\/ecommerce\/(product\/\d+|cart)$/);
      await loading.goto('/cart');
      await shown(loading.getByRole('link', { name: 'Continue shopping' }));
      const pending = await boxes(loading);
      expect(pending.every((box) => box !== null && box.width > 0)).toBe(true);
      await expect(loading.locator('#root .page-header-description').textContent()).resolves.toBe('2 items. Quantities are limited to what is in stock.');
      releaseLines();
      await shown(loading.getByRole('button', { name: `Remove ${HEADPHONES.name} from the cart` }));
      await loading.close();

      // The HTML alone (the app's code refused): the same header, placeholder line and fine print, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto('/cart');
      await expect(early.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your cart');
      await expect(early.getByRole('region', { name: 'Summary' }).locator('.cart-fine').count()).resolves.toBe(1);
      expect(await boxes(early)).toEqual(pending);
      await early.close();

      // The app running, the page's own code held back: the layout keeps what the HTML painted, in place.
      const held = await context.newPage();
      const release = await holdFiles(held, /\/assets\/cart-page-[^/]+\.js$/);
      await held.goto('/cart');
      await shown(held.locator('header a[href="/"]'));
      expect(await boxes(held)).toEqual(pending);
      release();
      await shown(held.getByRole('link', { name: 'Continue shopping' }));
      await held.close();
      noProblems(problems);
      await context.close();
    }
  });
});

