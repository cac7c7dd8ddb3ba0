import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV } from './support/admin.js';
import { accessTokenFor, apiCall, mailTo } from './support/api.js';
import { checkScreen, launchBrowser, openTab } from './support/browser.js';
import { DESKTOP, noProblems, PHONE } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';
import { addMainAddress } from './support/shop-user.js';

// Demo products with variants (apps/api/src/modules/variants/variants.seed.ts).
// The linen shirt: Size S-XL x Colour White/Sand; M / Sand is sold out; XL costs 49.00, the rest 45.00.
const SHIRT = { id: 19, name: 'Riviera Linen Summer Shirt' };
// A product without options, which the admin gives some.
const GAME = { id: 39, name: 'Galactic Conquest Board Game' };

let server: RunningServer;
let browser: Browser;
let shopper: TestUser;
const admin = { ...ADMIN, fullName: 'Admin' } as unknown as TestUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV, { host: 'localhost' }), launchBrowser()]);
  shopper = await createVerifiedUser(server.baseUrl, 'variant', 'Vera Variant');
  await addMainAddress(server.baseUrl, shopper, await accessTokenFor(server.baseUrl, shopper));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (viewport: { width: number; height: number }) => openTab(browser, server.baseUrl, viewport);

const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));
const choice = (page: Page, option: string, value: string) =>
  page.getByRole('group', { name: new RegExp(`^${option}`) }).getByRole('radio', { name: new RegExp(`^${value}( sold out| unavailable)?$`) });

describe('product variants', () => {
  it('shows "From" in the list, lets the shopper pick size and colour (sold-out ones marked), and orders the variants (desktop)', { timeout: 120_000 }, async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, shopper, '/shop');
    await page.goto('/shop?category=fashion');
    await heading(page, 'Fashion');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SHIRT.name }) });
    await shown(card.getByText('From'));
    await checkScreen(page, 'variants-list-from-desktop');

    await card.getByRole('link', { name: SHIRT.name }).click();
    await heading(page, SHIRT.name);
    await shown(page.getByText('From', { exact: true }));
    // Nothing chosen yet: the button says what to choose.
    await shown(page.getByRole('button', { name: 'Choose size and colour' }));
    expect(await page.getByRole('button', { name: 'Choose size and colour' }).isDisabled()).toBe(true);
    await choice(page, 'Size', 'M').check();
    // M in Sand is sold out: marked, and still choosable (to ask to hear when it is back).
    const sand = choice(page, 'Colour', 'Sand');
    expect(await sand.isDisabled()).toBe(false);
    await shown(page.getByRole('group', { name: /^Colour/ }).getByText('sold out'));
    await choice(page, 'Colour', 'White').check();
    // The first on the page is the product's own (a related product further down can say the same).
    await shown(page.getByText('Only 5 left').first());
    await checkScreen(page, 'variants-product-chosen-desktop');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: `Added 1 × ${SHIRT.name} (Size: M, Colour: White) to your cart.` }));

    // Another size and colour is a line of its own, at its own price.
    await choice(page, 'Size', 'XL').check();
    await choice(page, 'Colour', 'Sand').check();
    await shown(page.locator('[class*="priceRow"]').getByText('49.00'));
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: `Added 2 × ${SHIRT.name} (Size: XL, Colour: Sand)` }));

    await page.goto('/cart');
    await heading(page, 'Your cart');
    await shown(page.getByText('Size: M, Colour: White', { exact: true }).first());
    await shown(page.getByText('Size: XL, Colour: Sand', { exact: true }).first());
    await shown(page.getByRole('button', { name: `Increase quantity of ${SHIRT.name} (Size: M, Colour: White)` }));
    await expect.poll(() => page.locator('dd').filter({ hasText: 'par' }).first().textContent()).toContain('143.00');
    await checkScreen(page, 'variants-cart-desktop');

    // Checkout: the server prices each variant.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await heading(page, 'Checkout');
    await page.getByRole('button', { name: 'Use my main address' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Filled in from your main address' }));
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ecommerce/CreateEcomOrder');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const request = (await created).request();
    expect(JSON.parse(request.postData() ?? '{}').list).toEqual([
      { id: SHIRT.id, variantId: expect.any(Number), qty: 1 },
      { id: SHIRT.id, variantId: expect.any(Number), qty: 2 },
    ]);
    const order = ((await (await created).json()) as { data: { orderNo: string; price: { subtotal: number } } }).data;
    expect(order.price.subtotal).toBe(143);
    await shown(page.getByRole('heading', { name: 'Payment' }));
    await shown(page.getByText(`${SHIRT.name} (Size: XL, Colour: Sand)`));
    await checkScreen(page, 'variants-checkout-payment-desktop');

    // The order keeps the variants.
    await page.goto(`/orders/${order.orderNo}`);
    await heading(page, `Order ${order.orderNo}`);
    await shown(page.getByText('Size: M, Colour: White', { exact: true }).first());
    await shown(page.getByText('Size: XL, Colour: Sand', { exact: true }).first());
    await checkScreen(page, 'variants-order-desktop');
    noProblems(problems);
    await context.close();
  });

  it('picks a variant and adds it on a phone', { timeout: 60_000 }, async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, shopper, '/product/20');
    await heading(page, 'Trailhead Cotton Hoodie');
    await choice(page, 'Colour', 'Navy').check();
    // Navy in L is sold out (the demo's stock): marked so beside L.
    await shown(page.getByRole('group', { name: /^Size/ }).getByText('sold out'));
    await choice(page, 'Size', 'M').check();
    await checkScreen(page, 'variants-product-phone');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Added 1 × Trailhead Cotton Hoodie (Size: M, Colour: Navy)' }));
    await page.goto('/cart');
    await heading(page, 'Your cart');
    await shown(page.getByText('Size: M, Colour: Navy', { exact: true }).first());
    await checkScreen(page, 'variants-cart-phone');
    noProblems(problems);
    await context.close();
  });

  for (const [viewport, width] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`the admin gives a product options and variants; the shop offers them at once (${width})`, { timeout: 90_000 }, async () => {
      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, admin, `/admin/products/${GAME.id}`);
      await heading(page, GAME.name);
      const editor = page.getByRole('form', { name: 'Options and variants' });
      await shown(editor);
      if (width === 'desktop') {
        await editor.getByRole('button', { name: 'Add option' }).click();
        await editor.getByLabel('Option 1 name').fill('Edition');
        await editor.getByLabel('Option 1 values').fill('Standard, Deluxe');
        await editor.getByRole('button', { name: 'Add every combination' }).click();
        await editor.getByLabel('Price of Standard (par)').fill('44');
        await editor.getByLabel('Stock of Standard').fill('5');
        await editor.getByLabel('Price of Deluxe (par)').fill('');
        // A bad price is named before anything is sent.
        await editor.getByRole('button', { name: 'Save options and variants' }).click();
        await shown(editor.getByRole('alert').filter({ hasText: 'Deluxe, price' }));
        await checkScreen(page, 'variants-admin-error-desktop');
        await editor.getByLabel('Price of Deluxe (par)').fill('59.5');
        await editor.getByLabel('Stock of Deluxe').fill('3');
        await editor.getByRole('button', { name: 'Save options and variants' }).click();
        await shown(editor.getByText('Saved 2 variants.'));
        await shown(page.getByText('Set per variant below.').first());
        await checkScreen(page, 'variants-admin-desktop', { fullPage: true });
      } else {
        await shown(editor.getByLabel('Price of Deluxe (par)'));
        expect(await editor.getByLabel('Stock of Deluxe').inputValue()).toBe('3');
        await checkScreen(page, 'variants-admin-phone', { fullPage: true });
      }
      noProblems(problems);
      await context.close();

      const shop = await open(viewport);
      await signInThroughLoginPage(shop.page, shopper, `/product/${GAME.id}`);
      await heading(shop.page, GAME.name);
      await shown(shop.page.getByRole('group', { name: /^Edition/ }));
      await choice(shop.page, 'Edition', 'Deluxe').check();
      await shown(shop.page.locator('[class*="priceRow"]').getByText('59.50'));
      noProblems(shop.problems);
      await shop.context.close();
    });
  }
  // The shirt's M / Sand is sold out; XL / White gets an image of its own for the gallery check.
  const shoppers: Partial<Record<'desktop' | 'phone', TestUser>> = {};
  for (const [viewport, width] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`keeps the chosen variant in the address through a reload, and takes a back-in-stock request for a sold-out variant (${width})`, { timeout: 90_000 }, async () => {
      const adminToken = await accessTokenFor(server.baseUrl, ADMIN);
      const now = await apiCall<{ options: object[]; variants: { id: number; sku: string; options: string[]; price: number; stock: number; image: string }[] }>(server.baseUrl, '/admin/products/variants', {
        body: { productId: SHIRT.id },
        token: adminToken,
      });
      const id = (values: string[]) => now.variants.find((v) => v.options.join('/') === values.join('/'))!.id;
      const mSand = id(['M', 'Sand']);
      const xlWhite = id(['XL', 'White']);
      const image = '/demo/products/everyday-organic-cotton-tee.webp';
      if (!now.variants.some((v) => v.image === image)) {
        await apiCall(server.baseUrl, '/admin/products/variants/save', {
          body: { productId: SHIRT.id, options: now.options, variants: now.variants.map((v) => ({ id: v.id, sku: v.sku, options: v.options, price: v.price, stock: v.stock, image: v.id === xlWhite ? image : v.image })) },
          token: adminToken,
        });
      }
      const member = await createVerifiedUser(server.baseUrl, `valert${width[0]}`, `Vic ${width}`);
      shoppers[width] = member;

      const { context, page, problems } = await open(viewport);
      await signInThroughLoginPage(page, member, `/product/${SHIRT.id}`);
      await heading(page, SHIRT.name);
      expect(new URL(page.url()).searchParams.get('variant')).toBeNull();
      await choice(page, 'Size', 'M').check();
      await choice(page, 'Colour', 'Sand').check();
      // The address names the variant, replaced in place: Back still leaves the page.
      await expect.poll(() => new URL(page.url()).searchParams.get('variant')).toBe(String(mSand));
      await shown(page.getByRole('button', { name: 'Out of stock' }));
      const ask = page.getByRole('button', { name: /^Tell me when it’s back ?: Riviera Linen Summer Shirt \(Size: M, Colour: Sand\)$/ });
      await shown(ask);
      await ask.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await checkScreen(page, `variants-sold-out-choice-${width}`);
      await ask.click();
      await shown(page.getByRole('status').filter({ hasText: 'We will mail you once when this choice is back in stock.' }));
      await checkScreen(page, `variants-alert-asked-${width}`);

      // A reload (or the link shared) opens the same choice, with the request remembered.
      await page.reload();
      await heading(page, SHIRT.name);
      await shown(page.getByRole('status').filter({ hasText: 'We will mail you once when this choice is back in stock.' }));
      expect(await choice(page, 'Size', 'M').isChecked()).toBe(true);
      expect(await choice(page, 'Colour', 'Sand').isChecked()).toBe(true);
      await shown(page.getByRole('button', { name: /^Don’t tell me ?: Riviera Linen Summer Shirt \(Size: M, Colour: Sand\)$/ }));

      // A variant with its own image shows it first in the gallery, also when opened from a link.
      await page.goto(`/product/${SHIRT.id}?variant=${xlWhite}`);
      await heading(page, SHIRT.name);
      expect(await choice(page, 'Size', 'XL').isChecked()).toBe(true);
      await shown(page.locator('[class*="priceRow"]').getByText('49.00'));
      await expect.poll(() => page.getByRole('img', { name: new RegExp(`^${SHIRT.name}`) }).first().getAttribute('src')).toBe(image);
      await checkScreen(page, `variants-own-image-${width}`);

      // An address naming no variant of this product opens with nothing chosen, without an error.
      for (const bad of ['999999999', 'abc', String(id(['S', 'White']) + 100000)]) {
        await page.goto(`/product/${SHIRT.id}?variant=${bad}`);
        await heading(page, SHIRT.name);
        await shown(page.getByRole('button', { name: 'Choose size and colour' }));
      }
      noProblems(problems);
      await context.close();
    });
  }

  it('mails each waiting member once when the admin restocks the sold-out variant, with a link that opens it', { timeout: 30_000 }, async () => {
    const adminToken = await accessTokenFor(server.baseUrl, ADMIN);
    const now = await apiCall<{ options: object[]; variants: { id: number; sku: string; options: string[]; price: number; stock: number; image: string }[] }>(server.baseUrl, '/admin/products/variants', {
      body: { productId: SHIRT.id },
      token: adminToken,
    });
    const mSand = now.variants.find((v) => v.options.join('/') === 'M/Sand')!;
    await apiCall(server.baseUrl, '/admin/products/variants/save', {
      body: { productId: SHIRT.id, options: now.options, variants: now.variants.map((v) => ({ id: v.id, sku: v.sku, options: v.options, price: v.price, stock: v.id === mSand.id ? 3 : v.stock, image: v.image })) },
      token: adminToken,
    });
    for (const member of Object.values(shoppers)) {
      const mails = (await mailTo(server.baseUrl, member!.email)).filter((m) => m.subject.includes('is back in stock'));
      expect(mails.map((m) => m.subject)).toEqual([`${SHIRT.name} (Size: M, Colour: Sand) is back in stock`]);
      expect(mails[0]!.text).toContain(`/product/${SHIRT.id}?variant=${mSand.id}`);
    }
  });
});
