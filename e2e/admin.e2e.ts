import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV, pngImage, testCardToken } from './support/admin.js';
import { accessTokenFor, apiCall, mailTo } from './support/api.js';
import { holdFiles, launchBrowser, checkScreen, refuseAppCode, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  // localhost: the Secure __Host- refresh cookie is accepted over http only there.
  [server, browser] = await Promise.all([startServer(ADMIN_ENV, { host: 'localhost' }), launchBrowser()]);
  baseURL = server.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Viewport = { width: number; height: number };

async function open(viewport: Viewport = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const admin: TestUser = { ...ADMIN, fullName: 'Shop Admin' };
const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const gone = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'detached', timeout });
const noProblems = (problems: PageProblems) => expect(problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
/** Nothing on the page is loading any more: no skeleton table, no busy region. */
const settled = (page: Page) => page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 });

const stamp = Date.now().toString(36);
const productName = `E2E Desk Lamp ${stamp}`;
const nftName = `E2E Comet ${stamp}`;
let productId = 0;
let nftId = 0;
let orderNo = '';
let customer: TestUser;

describe('admin area', () => {
  beforeAll(async () => {
    customer = await createVerifiedUser(server.baseUrl, 'buyer');
  });

  it('adds a product with an uploaded image; a customer buys it in the shop; the admin ships it and the customer is told', { timeout: 150_000 }, async () => {
    const { context, page, problems } = await open();
    await signInThroughLoginPage(page, admin, '/admin');
    await shown(h1(page, 'Dashboard'));
    await shown(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }));

    // A category of its own, through the categories dialog.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await shown(h1(page, 'Products'));
    await page.getByRole('button', { name: 'Add category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add a category' });
    await categoryDialog.getByLabel('Name').fill(`E2E Lighting ${stamp}`);
    await expect(categoryDialog.getByLabel('Slug').inputValue()).resolves.toBe(`e2e-lighting-${stamp}`);
    await categoryDialog.getByRole('button', { name: 'Add category' }).click();
    await shown(page.getByRole('status').filter({ hasText: `Category “E2E Lighting ${stamp}” saved.` }));
    await shown(page.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: `e2e-lighting-${stamp}` }));

    // The product form checks with the contract before sending: no image yet.
    await page.getByRole('link', { name: 'New product' }).click();
    await shown(h1(page, 'New product'));
    await page.getByLabel('Name', { exact: true }).fill(productName);
    await page.getByLabel('Description', { exact: true }).fill('A warm desk lamp, made for the browser test.');
    await page.getByLabel('Category').selectOption({ label: `E2E Lighting ${stamp}` });
    await page.getByLabel('Price (par)').fill('12.505');
    await page.getByLabel('Stock', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Create product' }).click();
    await shown(page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' }));
    await shown(page.getByText('Price must have at most 2 decimals'));
    await shown(page.getByText('Add at least one image'));
    await expect(page.getByLabel('Price (par)').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe('price');
    await page.getByLabel('Price (par)').fill('12.50');

    // The image: previewed while it uploads, then stored by the server.
    await page.getByLabel('Choose images').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await pngImage(480, [234, 179, 8]) });
    const uploaded = page.getByRole('img', { name: `${productName}, image 1 (main)` });
    await shown(uploaded, 15_000);
    expect(await uploaded.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/, { timeout: 15_000 });
    productId = Number(new URL(page.url()).pathname.split('/').pop());
    await shown(page.getByRole('status').filter({ hasText: `“${productName}” was created.` }));
    await shown(h1(page, productName));

    // The customer buys it through the shop: product page, cart, checkout, a test card.
    const shopper = await open();
    await signInThroughLoginPage(shopper.page, customer, `/product/${productId}`);
    await shown(h1(shopper.page, productName));
    await shopper.page.getByRole('button', { name: 'Add to cart' }).click();
    await shopper.page.goto('/cart');
    await shopper.page.getByRole('link', { name: 'Checkout' }).click();
    await shown(h1(shopper.page, 'Checkout'));
    const shipping = shopper.page.getByRole('form', { name: 'Shipping details' });
    await shipping.getByLabel('Full name').fill('Ada Buyer');
    await shipping.getByLabel('Email').fill(customer.email);
    await shipping.getByLabel('Phone').fill('+66812345678');
    // The country first: the form then asks for Thailand's parts.
    await shipping.getByRole('combobox', { name: 'Country' }).fill('Thailand');
    await shipping.getByRole('combobox', { name: 'Country' }).press('Enter');
    await shipping.getByLabel('Address line 1').fill('99 Silom Road');
    await shipping.getByLabel('Sub-district').fill('Suriyawong');
    await shipping.getByLabel('District', { exact: true }).fill('Bang Rak');
    await shipping.getByLabel('Province').fill('Bangkok');
    await shipping.getByLabel('Postal code').fill('10110');
    await shopper.page.getByRole('button', { name: 'Continue to payment' }).click();
    await shopper.page.getByRole('radio', { name: /New card/ }).check({ timeout: 15_000 });
    await shopper.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shopper.page.getByLabel('Expiry month').selectOption('12');
    await shopper.page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
    await shopper.page.getByLabel('CVC').fill('123');
    await shopper.page.getByLabel('Name on card').fill('Ada Buyer');
    await shopper.page.getByRole('button', { name: /^Pay / }).click();
    await shopper.page.waitForURL(/\/orders\/ORD-/, { timeout: 20_000 });
    orderNo = decodeURIComponent(new URL(shopper.page.url()).pathname.split('/').pop() ?? '');

    // The admin finds it by customer (the filter lives in the URL) and ships it.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await shown(h1(page, 'Orders'));
    await page.getByLabel('Status').selectOption('paid');
    await page.getByLabel('Customer').fill(customer.userName);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('customer') === customer.userName && url.searchParams.get('status') === 'paid');
    const orders = page.getByRole('table', { name: 'Orders' });
    await shown(orders.getByRole('link', { name: orderNo }));
    await expect(orders.getByRole('row').count()).resolves.toBe(2);
    await orders.getByRole('link', { name: orderNo }).click();
    await shown(h1(page, `Order ${orderNo}`));
    await shown(page.getByText(productName));
    await expect(page.getByRole('button', { name: 'Mark delivered' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Ship order' }).click();
    const ship = page.getByRole('dialog', { name: `Ship order ${orderNo}` });
    // A carrier from the shop's list: the customer's order links to its tracking page.
    await ship.getByLabel('Tracking number').fill('TH1234567890');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await shown(ship.getByText('Carrier is required'));
    await ship.getByLabel('Carrier').selectOption({ label: 'Thailand Post' });
    await ship.getByLabel('Tracking number').fill('no!');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await shown(ship.getByText('Tracking number must be 4 to 40 letters, digits or dashes'));
    await expect(ship.getByLabel('Tracking number').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(ship.getByLabel('Tracking number').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await ship.getByLabel('Tracking number').fill('TH1234567890');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await gone(ship);
    await shown(page.getByRole('status').filter({ hasText: `Order ${orderNo} is shipped.` }));
    await shown(page.getByText('TH1234567890'));
    await shown(page.getByRole('button', { name: 'Mark delivered' }));
    await expect(page.getByRole('button', { name: 'Ship order' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);

    // The customer sees it shipped, with the tracking number, and has the mail.
    await shopper.page.reload();
    await shown(h1(shopper.page, `Order ${orderNo}`));
    await shown(shopper.page.getByText('TH1234567890').first());
    const track = shopper.page.getByRole('region', { name: 'Shipping' }).getByRole('link', { name: /TH1234567890/ });
    await expect(track.getAttribute('href')).resolves.toBe('https://track.thailandpost.co.th/?trackNumber=TH1234567890');
    const detail = await apiCall<{ status: string; trackingNo: string }>(server.baseUrl, `/ecommerce/GetEcomOrderDetails?orderNo=${encodeURIComponent(orderNo)}`, {
      method: 'POST',
      token: await accessTokenFor(server.baseUrl, customer),
    });
    expect(detail).toMatchObject({ status: 'shipped', trackingNo: 'TH1234567890' });
    await expect.poll(async () => (await mailTo(server.baseUrl, customer.email)).map((m) => m.subject).join('\n'), { timeout: 10_000 }).toContain('has shipped');

    // The audit log has it, with the values before and after.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await shown(h1(page, 'Audit log'));
    const shippedRow = page.getByRole('row').filter({ hasText: 'Order shipped' }).filter({ hasText: orderNo });
    await shown(shippedRow);
    await shippedRow.getByRole('button', { name: /Details/ }).click();
    const changes = page.getByRole('table', { name: `Changes: order shipped, order:${orderNo}` });
    await shown(changes.getByRole('row', { name: 'status "paid" "shipped"' }));
    await shown(changes.getByRole('cell', { name: '"TH1234567890"', exact: true }));
    await shown(changes.getByRole('cell', { name: '"thailand-post"', exact: true }));

    noProblems(problems);
    noProblems(shopper.problems);
    await shopper.context.close();
    await context.close();
  });

  it('fails a withdrawal with a reason, and the member gets the par back', { timeout: 90_000 }, async () => {
    const token = await accessTokenFor(server.baseUrl, customer);
    const payment = await apiCall<{ accessToken: string }>(server.baseUrl, '/gx/AuthToken', { method: 'POST', token });
    await apiCall(server.baseUrl, '/gx/GenerateOrderFiat', {
      token,
      headers: { 'x-payment-token': payment.accessToken },
      body: { type: 'topup', amount: 50, cardToken: await testCardToken(server.baseUrl) },
    });
    await apiCall(server.baseUrl, '/gx/transfer_par_off', { token, body: { amount: 20, destination: `0x${'ab'.repeat(20)}` } });
    const par = async () => (await apiCall<{ balances: { par: number } }>(server.baseUrl, '/gx/Userdata', { token, body: {} })).balances.par;
    expect(await par()).toBe(30);

    const { context, page, problems } = await open(VIEWPORTS.phone);
    await signInThroughLoginPage(page, admin, '/admin/payouts');
    await shown(h1(page, 'Payouts'));
    // Pending first: the default view.
    await expect(page.getByRole('navigation', { name: 'Payout status' }).getByRole('link', { name: 'Pending' }).getAttribute('aria-current')).resolves.toBe('page');
    const row = page.getByRole('row').filter({ hasText: customer.userName });
    await shown(row);
    await row.getByRole('button', { name: `Fail payout of 20.00 par to ${customer.userName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Fail this payout?' });
    await shown(dialog.getByText(`20.00 par goes back to ${customer.userName}`));
    await dialog.getByRole('button', { name: 'Fail payout' }).click();
    await shown(dialog.getByText('Reason is required'));
    await checkScreen(page, 'admin-payout-fail-dialog-phone');
    await dialog.getByLabel('Reason').fill('The wallet address is not accepting transfers.');
    await dialog.getByRole('button', { name: 'Fail payout' }).click();
    await gone(dialog);
    await shown(page.getByRole('status').filter({ hasText: `20.00 par is back in their par balance` }));
    await gone(row);

    await page.getByRole('link', { name: 'Failed', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await shown(page.getByRole('row').filter({ hasText: customer.userName }).getByText('The wallet address is not accepting transfers.'));
    expect(await par()).toBe(50);

    noProblems(problems);
    await context.close();
  });

  it('keeps non-admins out: the page sends them home and the API answers 403', async () => {
    const { context, page } = await open();
    await signInThroughLoginPage(page, customer, '/orders');
    await page.goto('/admin/orders');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(apiCall(server.baseUrl, '/admin/dashboard', { token: await accessTokenFor(server.baseUrl, customer), body: {} })).rejects.toThrow(/403/);
    await context.close();
  });

  it('mints an NFT with attributes and a new collection', { timeout: 90_000 }, async () => {
    const { context, page, problems } = await open();
    await signInThroughLoginPage(page, admin, '/admin/nfts/new');
    await shown(h1(page, 'Mint an NFT'));
    await page.getByLabel('Name', { exact: true }).fill(nftName);
    await page.getByLabel('Description', { exact: true }).fill('A comet drawn for the browser test.');

    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Name').fill(`E2E Skies ${stamp}`);
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await gone(dialog);
    await expect(page.getByLabel('Collection').inputValue()).resolves.toBe(`e2e-skies-${stamp}`);

    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByLabel('Trait 1').fill('Tail');
    await page.getByLabel('Value 1').fill('Long');
    await page.getByLabel('Trait 2').fill('Speed');
    await page.getByLabel('Value 2').fill('fast');
    await page.getByLabel('Shown as 2').selectOption('number');
    await page.getByRole('button', { name: 'Remove attribute 3' }).click();
    await page.getByLabel('Price (par)').fill('25');
    await page.getByLabel('Choose an image').setInputFiles({ name: 'comet.png', mimeType: 'image/png', buffer: await pngImage(400, [14, 116, 144]) });
    await shown(page.getByRole('img', { name: `${nftName}, image 1 (main)` }), 15_000);

    // A number trait needs a number.
    await page.getByRole('button', { name: 'Mint NFT' }).click();
    await shown(page.getByText('Value of attribute 2 must be a number'));
    await expect(page.getByLabel('Value 2').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Value 2').fill('88');
    await page.getByRole('button', { name: 'Mint NFT' }).click();
    await page.waitForURL(/\/admin\/nfts\/\d+$/, { timeout: 15_000 });
    nftId = Number(new URL(page.url()).pathname.split('/').pop());
    await shown(page.getByRole('status').filter({ hasText: `“${nftName}” was minted.` }));
    await expect(page.getByLabel('Trait 2').inputValue()).resolves.toBe('Speed');
    await expect(page.getByLabel('Value 2').inputValue()).resolves.toBe('88');

    noProblems(problems);
    await context.close();
  });

  it('paints an admin page’s navigation and header from the HTML, keeps them while the app loads, and shows the page in the same place (phone and desktop)', { timeout: 90_000 }, async () => {
    // The admin navigation's current tab and the page's heading and lead sentence.
    const boxes = (page: Page) =>
      Promise.all([page.locator('#root nav[aria-label="Admin"] a[aria-current="page"]').boundingBox(), page.locator('#root h1').first().boundingBox(), page.locator('#root .page-header-description').first().boundingBox()]);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, admin, '/admin/finance/daily');
      await shown(h1(page, 'Daily figures'));
      await settled(page);
      const final = await boxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);
      await expect(page.locator('#root nav[aria-label="Admin"] a[aria-current="page"]').textContent()).resolves.toBe('Finance');

      // The HTML alone (the app's code refused): the early script paints the same, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto('/admin/finance/daily');
      await expect(early.locator('#root h1').textContent()).resolves.toBe('Daily figures');
      await expect(early.locator('#root nav[aria-label="Admin"] a').count()).resolves.toBe(9);
      expect(await boxes(early)).toEqual(final);
      // An admin page whose header changes paints none.
      await early.goto('/admin/products/new');
      await expect(early.locator('#root h1').count()).resolves.toBe(0);
      await early.close();

      // The app running, the page's own code held back: the layout keeps what the HTML painted.
      const held = await context.newPage();
      const release = await holdFiles(held, /\/assets\/daily-page-[^/]+\.js$/);
      await held.goto('/admin/finance/daily');
      await shown(held.locator('header a[href="/"]'));
      await expect(held.locator('#root .app-shell').count()).resolves.toBe(0);
      await expect(held.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Daily figures');
      expect(await boxes(held)).toEqual(final);
      release();
      await shown(held.getByRole('navigation', { name: 'Finance' }));
      await settled(held);
      expect(await boxes(held)).toEqual(final);
      await expect(held.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await held.close();
      noProblems(problems);
      await context.close();
    }

    // The admin area's addresses get admin.html, whose script carries the admin table; every other page's HTML does without it.
    const html = async (path: string) => (await fetch(`${baseURL}${path}`)).text();
    expect(await html('/admin/finance')).toContain('Every ledger account kind');
    expect(await html('/wallet')).not.toContain('Every ledger account kind');

    // A member who is not an admin gets no admin navigation first.
    const member = await open(VIEWPORTS.phone);
    await signInThroughLoginPage(member.page, customer, '/wallet');
    const early = await member.context.newPage();
    await refuseAppCode(early);
    await early.goto('/admin/orders');
    await expect(early.locator('#root nav[aria-label="Admin"]').count()).resolves.toBe(0);
    await member.context.close();
  });

  it('shows every admin page well on a phone and a desktop', { timeout: 120_000 }, async () => {
    // A payout waiting, so the pending list shows its actions.
    const token = await accessTokenFor(server.baseUrl, customer);
    await apiCall(server.baseUrl, '/gx/transfer_par_off', { token, body: { amount: 12.5, destination: 'GB33BUKB20201555555555' } });
    const pages: [string, string, string | RegExp][] = [
      ['dashboard', '/admin', 'Dashboard'],
      ['products', '/admin/products', 'Products'],
      ['product-new', '/admin/products/new', 'New product'],
      ['product-edit', `/admin/products/${productId}`, productName],
      ['nfts', '/admin/nfts', 'NFTs'],
      ['nft-new', '/admin/nfts/new', 'Mint an NFT'],
      ['nft-edit', `/admin/nfts/${nftId}`, nftName],
      ['orders', '/admin/orders', 'Orders'],
      ['order', `/admin/orders/${orderNo}`, `Order ${orderNo}`],
      ['payouts', '/admin/payouts', 'Payouts'],
      ['payouts-all', '/admin/payouts?status=all', 'Payouts'],
      ['audit', '/admin/audit', 'Audit log'],
    ];
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, admin, '/admin');
      for (const [name, path, title] of pages) {
        await page.goto(path);
        await shown(h1(page, title));
        await settled(page);
        if (name === 'audit') await page.getByRole('button', { name: /^Details/ }).first().click();
        await page.evaluate(() => document.fonts.ready);
        await checkScreen(page, `admin-${name}-${viewportName}`, { fullPage: viewportName === 'desktop' });
      }
      noProblems(problems);
      await context.close();
    }
  });
});
