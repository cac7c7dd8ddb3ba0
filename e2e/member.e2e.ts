import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage } from './support/accounts.js';
import { pngImage } from './support/admin.js';
import { accessTokenFor, apiCall, mailTo } from './support/api.js';
import { checkScreen, holdFiles, launchBrowser, refuseAppCode, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { placeOrder } from './support/shop-user.js';

// Items 1-4 and 11 of issue #16, through the UI only: account management, the profile, what
// carries over between flows (addresses, cards), the cart that follows the member, and a quiet
// console on first run.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // localhost: the Secure __Host- refresh cookie works over plain http only there.
  [server, browser] = await Promise.all([startServer({}, { host: 'localhost' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Tab {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** Console warnings, for the first-run check. */
  warnings: string[];
}

async function open(viewport: { width: number; height: number }): Promise<Tab> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, acceptDownloads: true });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { context, page, problems: watchProblems(page), warnings };
}

const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });
const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));
/** A dialog fades in: colours are checked once it has. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
/** zod's probe for eval, refused by the CSP on pages that load the schemas (see account.e2e.ts). */
const ZOD_EVAL_PROBE = 'Content Security Policy violation: script-src blocked eval';
function noProblems({ problems }: Tab, expectedStatuses: number[] = []) {
  const expected = new RegExp(`status of (${expectedStatuses.join('|') || 'none'})`);
  expect({
    consoleErrors: problems.consoleErrors.filter((text) => !expected.test(text)),
    pageErrors: problems.pageErrors,
    cspViolations: problems.cspViolations.filter((v) => v !== ZOD_EVAL_PROBE),
  }).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}
const mainLink = (mail: { text: string }, path: string) => {
  const match = new RegExp(`(${path.replace('/', '\\/')}\\?signature=[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
};

async function chooseCountry(scope: Locator | Page, query: string, name: string) {
  const country = scope.getByRole('combobox', { name: 'Country' });
  await country.click();
  await country.fill(query);
  await country.press('Enter');
  await expect(country.inputValue()).resolves.toBe(name);
}

describe('account settings: password, email, my data, closing the account', () => {
  it('changes the password (the other device is signed out), the email (through the mailed link), downloads the data, and closes the account', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'settings', 'Grace Brewster Hopper');
    const desktop = await open(VIEWPORTS.desktop);
    const other = await open(VIEWPORTS.desktop);
    const { page } = desktop;
    await signInThroughLoginPage(page, user, '/shop');
    await signInThroughLoginPage(other.page, user, '/shop');

    // The account menu leads to the settings.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('link', { name: 'Account settings' }).click();
    await heading(page, 'Account settings');
    await shown(page.getByText(`Your email is ${user.email}.`));

    // A wrong current password is a field error; a weak new one gets the sign-up policy's words.
    const current = page.getByLabel('Current password', { exact: true });
    const fresh = page.getByLabel('New password', { exact: true });
    await current.fill('not my password at all');
    await fresh.fill('a brand new passphrase 7391');
    await page.getByRole('button', { name: 'Change password' }).click();
    await shown(page.getByText('Current password is not your current password'));
    await current.fill(user.password);
    await fresh.fill(`${user.userName} again and again`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await shown(page.getByText('New password must not contain your user name'));
    await checkScreen(page, 'member-settings-password-errors-desktop');
    await fresh.fill('a brand new passphrase 7391');
    await page.getByRole('button', { name: 'Change password' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Every other device is signed out; this one stays signed in.' }));
    const changed = await mailTo(server.baseUrl, user.email);
    expect(changed[0]?.subject).toBe('Your ParMeta Market password was changed');
    user.password = 'a brand new passphrase 7391';

    // The other device finds its session over at its next page.
    await other.page.goto('/orders');
    await other.page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await other.context.close();

    // The email: nothing changes until the link in the mail to the new address is opened.
    const newEmail = `moved.${user.userName}@example.test`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByLabel('Your password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Send a confirmation link' }).click();
    await shown(page.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}` }));
    await shown(page.getByText(`Your email is ${user.email}.`));
    const notice = (await mailTo(server.baseUrl, user.email))[0];
    expect(notice?.subject).toBe('Your ParMeta Market email is about to change');
    await checkScreen(page, 'member-settings-email-pending-desktop');
    // A reload keeps the pending change in view.
    await page.reload();
    await heading(page, 'Account settings');
    await shown(page.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}` }));

    const link = mainLink((await mailTo(server.baseUrl, newEmail))[0] ?? { text: '' }, '/account/email');
    await page.goto(link);
    await heading(page, 'Confirm your new email');
    await shown(page.getByRole('status').filter({ hasText: `Your email is now ${newEmail}` }));
    expect(new URL(page.url()).search).toBe('');
    await checkScreen(page, 'member-confirm-email-desktop');
    await page.getByRole('link', { name: 'Back to your account settings' }).click();
    await shown(page.getByText(`Your email is ${newEmail}.`));
    // The link works once.
    await page.goto(link);
    await shown(page.getByRole('alert').filter({ hasText: 'already been used' }));
    await page.goto('/account');
    await heading(page, 'Account settings');

    // My data: one JSON file with the new email in it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^parmeta-data-${user.userName}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as { account: { email: string }; profile: { firstName: string; lastName: string } };
    expect(data.account.email).toBe(newEmail);
    expect(data.profile).toMatchObject({ firstName: 'Grace Brewster', lastName: 'Hopper' });
    await shown(page.getByRole('status').filter({ hasText: 'Your data is downloaded' }));

    // Closing is refused while an order waits for payment, and says so before anything is tried.
    const token = await accessTokenFor(server.baseUrl, user);
    await apiCall(server.baseUrl, '/user/add_user_address', {
      token,
      body: { user_id: user.userName, recipientName: 'Grace', contactPhone: '+66812345678', address1: '1 Road', subDistrict: 'Lumphini', district: 'Pathum Wan', state: 'Bangkok', zip: '10330', country: { value: 'TH' } },
    });
    const order = await placeOrder(server.baseUrl, { ...user, email: newEmail }, token, [{ id: 1, qty: 1 }]);
    await page.reload();
    await heading(page, 'Account settings');
    await shown(page.getByText('You cannot close your account yet:'));
    await shown(page.getByText(`Order ${order.orderNo} is waiting for payment. Pay or cancel it first.`));
    await expect(page.getByRole('button', { name: 'Close my account' }).isDisabled()).resolves.toBe(true);
    await checkScreen(page, 'member-settings-close-blocked-desktop', { fullPage: true });
    await page.goto(`/orders/${order.orderNo}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Cancel (the )?order/ }).click();
    await shown(page.getByText(/cancelled/i).first());

    // Then it closes: a dialog asks for the password, and the member lands signed out.
    await page.goto('/account');
    await heading(page, 'Account settings');
    const close = page.getByRole('button', { name: 'Close my account' });
    await shown(page.getByText('Your name, email, phone, birthday, photo, addresses and saved cards are erased'));
    await close.click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await shown(dialog);
    await dialog.getByLabel('Your password', { exact: true }).fill('not the password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await shown(dialog.getByText('Your password is not your current password'));
    await settled(page);
    await checkScreen(page, 'member-settings-close-dialog-desktop');
    await dialog.getByLabel('Your password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await shown(page.getByRole('status').filter({ hasText: 'Your account is closed' }));
    await checkScreen(page, 'member-closed-login-desktop');
    await page.getByLabel('Username or email').fill(user.userName);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shown(page.getByRole('alert').filter({ hasText: 'Wrong user name, email or password.' }));
    noProblems(desktop, [400, 401, 422]);
    await desktop.context.close();
  });

  it('lays the settings out on a phone', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'phoneset');
    const phone = await open(VIEWPORTS.phone);
    await signInThroughLoginPage(phone.page, user, '/account');
    await heading(phone.page, 'Account settings');
    await shown(phone.page.getByRole('button', { name: 'Close my account' }));
    await checkScreen(phone.page, 'member-settings-phone');
    await phone.page.getByRole('button', { name: 'Close my account' }).click();
    await shown(phone.page.getByRole('dialog', { name: 'Close your account?' }));
    await settled(phone.page);
    await checkScreen(phone.page, 'member-settings-close-dialog-phone');
    await phone.page.keyboard.press('Escape');
    await expect(phone.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(VIEWPORTS.phone.width);
    noProblems(phone);
    await phone.context.close();
  });
});

describe('profile: the sign-up name, optional details, a photo in the header at once', () => {
  it('starts from the sign-up name, saves a name alone, refuses a file that is no picture, and the header follows', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'profile', 'Ada King Lovelace');
    for (const [size, viewport] of [['desktop', VIEWPORTS.desktop], ['phone', VIEWPORTS.phone]] as const) {
      const tab = await open(viewport);
      const { page } = tab;
      await signInThroughLoginPage(page, user, '/profile');
      await heading(page, 'Profile');
      if (size === 'phone') {
        await shown(page.getByLabel('First name'));
        await checkScreen(page, 'member-profile-phone');
        noProblems(tab);
        await tab.context.close();
        continue;
      }
      await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Ada King');
      await expect(page.getByLabel('Last name').inputValue()).resolves.toBe('Lovelace');
      const menu = page.getByRole('button', { name: /Account menu for/ });
      await expect(menu.innerText()).resolves.toContain('Ada King Lovelace');

      // A name alone: phone and birthday are optional.
      await page.getByLabel('First name').fill('Augusta Ada');
      await page.getByLabel('Last name').fill('King');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await shown(page.getByRole('status').filter({ hasText: 'Your profile is saved.' }));
      // The header says the new name at once.
      await shown(menu.getByText('Augusta Ada King'));

      // A text file named like a picture: a clear message, no broken preview.
      await page.locator('input[type="file"][name="img"]').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') });
      await shown(page.getByText('This file is not a picture we can read. Choose a JPEG, PNG, WebP or GIF image.'));
      await expect(page.getByRole('img', { name: 'Preview of your new photo' }).count()).resolves.toBe(0);
      await checkScreen(page, 'member-profile-not-a-picture-desktop');

      // A real photo: the header's avatar shows it as soon as it is saved.
      await page.locator('input[type="file"][name="img"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(200, [14, 116, 144]) });
      await shown(page.getByRole('img', { name: 'Preview of your new photo' }));
      await page.getByRole('button', { name: 'Save profile' }).click();
      await shown(page.getByRole('status').filter({ hasText: 'Your profile and new photo are saved.' }));
      const headerPhoto = menu.locator('img');
      await shown(headerPhoto);
      expect(await headerPhoto.getAttribute('src')).toMatch(/^\/media\/avatars\/.+-64\.webp$/);
      await expect(headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(64);
      await checkScreen(page, 'member-profile-saved-desktop');

      // After a reload both stay.
      await page.reload();
      await heading(page, 'Profile');
      await shown(menu.getByText('Augusta Ada King'));
      await shown(menu.locator('img'));
      await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('');
      noProblems(tab);
      await tab.context.close();
    }
  });
});

describe('addresses and checkout: each country its way, labels, and what carries over', () => {
  it('asks for the country first and its own parts (US, UK, Thailand), labels addresses, and reads them the country’s way', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'addr');
    const tab = await open(VIEWPORTS.desktop);
    const { page } = tab;
    await signInThroughLoginPage(page, user, '/addresses');
    await heading(page, 'Addresses');
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('region', { name: 'New address' });
    await shown(form);
    // The country comes first.
    const fields = await form.locator('input:not([type="radio"]):not([type="checkbox"])').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('name')));
    expect(fields.slice(0, 3)).toEqual(['recipientName', 'contactPhone', 'country']);

    // United States: city, state, ZIP code; a ZIP code that is not one is refused in the browser.
    await form.getByLabel('Recipient name').fill('Grace Hopper');
    await form.getByLabel('Contact phone').fill('+14155550100');
    await chooseCountry(form, 'united states', 'United States');
    await shown(form.getByLabel('ZIP code'));
    await expect(form.getByLabel('Sub-district').count()).resolves.toBe(0);
    await form.getByLabel('Address line 1').fill('1 Market St');
    await form.getByLabel('City').fill('San Francisco');
    await form.getByLabel('ZIP code').fill('9410');
    await form.getByRole('radio', { name: 'Office' }).check();
    await form.getByRole('button', { name: 'Save address' }).click();
    await shown(form.getByText('State is required'));
    await shown(form.getByText('ZIP code is not valid here (for example 94016)'));
    await checkScreen(page, 'member-address-us-errors-desktop');
    await form.getByLabel('State', { exact: true }).fill('CA');
    await form.getByLabel('ZIP code').fill('94105');
    await form.getByRole('button', { name: 'Save address' }).click();
    const office = page.getByRole('article', { name: 'Office (Grace Hopper), main address' });
    await shown(office);
    await shown(office.getByText('San Francisco, CA 94105'));

    // United Kingdom: town, county (optional) and postcode, written the Royal Mail way.
    await page.getByRole('button', { name: 'Add address' }).click();
    await form.getByRole('radio', { name: 'Other' }).check();
    await form.getByLabel('Your label').fill('Parents');
    await form.getByLabel('Recipient name').fill('Ada Lovelace');
    await form.getByLabel('Contact phone').fill('+447700900123');
    await chooseCountry(form, 'gb', 'United Kingdom');
    await shown(form.getByLabel('County (optional)'));
    await form.getByLabel('Address line 1').fill('12 St James Square');
    await form.getByLabel('Town or city').fill('London');
    await form.getByLabel('Postcode').fill('sw1y4jh');
    await checkScreen(page, 'member-address-uk-form-desktop');
    await form.getByRole('button', { name: 'Save address' }).click();
    const parents = page.getByRole('article', { name: 'Parents (Ada Lovelace)' });
    await shown(parents);
    await shown(parents.getByText('SW1Y 4JH'));

    // Thailand: sub-district, district, province and postal code, as the original's shipping fields.
    await page.getByRole('button', { name: 'Add address' }).click();
    await chooseCountry(form, 'thai', 'Thailand');
    const labels = await form.locator('label').allInnerTexts();
    const order = ['Sub-district (optional)', 'District', 'Province', 'Postal code'].map((l) => labels.indexOf(l));
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]!))).toBe(true);
    await checkScreen(page, 'member-address-th-form-desktop');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The label names the address in the messages.
    await parents.getByRole('button', { name: 'Set as main: Parents (Ada Lovelace)' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Parents (Ada Lovelace) is now your main address.' }));
    await checkScreen(page, 'member-addresses-desktop', { fullPage: true });
    noProblems(tab);

    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Add address' }).click();
    await chooseCountry(form, 'united k', 'United Kingdom');
    await checkScreen(page, 'member-address-uk-form-phone');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await tab.context.close();
  });

  it('at checkout: no "main address" button without one, a typed address and a new card are kept for next time', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'carry', 'Sam Carry');
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const tab = await open(viewport);
      const { page } = tab;
      const first = viewport === VIEWPORTS.phone;
      await signInThroughLoginPage(page, user, '/product/2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto('/checkout');
      await heading(page, 'Checkout');
      const shipping = page.getByRole('form', { name: 'Shipping details' });
      await shown(shipping.getByLabel('Full name'));
      if (first) {
        // An empty address book: nothing to fill from, and saving the typed address is on.
        await expect(page.getByRole('button', { name: /Use my main address/ }).count()).resolves.toBe(0);
        await shipping.getByLabel('Phone').fill('+66812345678');
        await chooseCountry(shipping, 'thai', 'Thailand');
        await shipping.getByLabel('Address line 1').fill('99 Silom Road');
        await shipping.getByLabel('Sub-district').fill('Suriyawong');
        await shipping.getByLabel('District', { exact: true }).fill('Bang Rak');
        await shipping.getByLabel('Province').fill('Bangkok');
        await shipping.getByLabel('Postal code').fill('10500');
        const save = shipping.getByRole('checkbox', { name: 'Save this address to my address book' });
        await expect(save.isChecked()).resolves.toBe(true);
        await save.scrollIntoViewIfNeeded();
        await checkScreen(page, 'member-checkout-save-address-phone');
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await shown(page.getByRole('status').filter({ hasText: 'The address is saved to your address book as “Home”.' }));
      } else {
        // Now there is a main address: one click fills the form; it is in the book already.
        const fill = page.getByRole('button', { name: 'Use my main address (Home)' });
        await fill.click();
        await expect(shipping.getByLabel('Postal code').inputValue()).resolves.toBe('10500');
        await expect(shipping.getByRole('checkbox', { name: 'Save this address to my address book' }).count()).resolves.toBe(0);
        await checkScreen(page, 'member-checkout-main-address-desktop');
        await page.getByRole('button', { name: 'Continue to payment' }).click();
      }
      await shown(page.getByRole('heading', { name: 'Payment' }));
      // A reload on the way keeps the order.
      await page.reload();
      await shown(page.getByRole('heading', { name: 'Payment' }));
      if (first) {
        // A new card, kept for next time when the member ticks it.
        await page.getByRole('radio', { name: /New card/ }).check();
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByLabel('Expiry month').selectOption('12');
        await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Name on card').fill('Sam Carry');
        const keepCard = page.getByRole('checkbox', { name: 'Save this card for next time' });
        await expect(keepCard.isChecked()).resolves.toBe(false);
        await keepCard.check();
        await page.getByRole('checkbox', { name: 'Save this card for next time' }).scrollIntoViewIfNeeded();
        await checkScreen(page, 'member-checkout-save-card-phone');
      } else {
        // The card kept last time is offered and chosen.
        const saved = page.getByRole('radio', { name: /Visa .*4242/ });
        await shown(saved);
        await expect(saved.isChecked()).resolves.toBe(true);
        await checkScreen(page, 'member-checkout-saved-card-desktop', { fullPage: true });
      }
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/orders/ORD-'), { timeout: 15_000 });
      await shown(page.getByRole('status').filter({ hasText: 'Your payment went through' }));
      if (first) await shown(page.getByRole('status').filter({ hasText: 'Your card is saved for next time.' }));
      if (!first) {
        // A top-up with a new card can keep it too.
        await page.goto('/wallet?action=top-up');
        const topUp = page.getByRole('region', { name: 'Top up par', exact: true });
        await shown(topUp.getByLabel('Amount (USD)'));
        await topUp.getByLabel('Amount (USD)').fill('20');
        await topUp.getByRole('radio', { name: 'A new card' }).check();
        await topUp.getByLabel('Card number').fill('5555 5555 5555 4444');
        await topUp.getByLabel('Expiry month').selectOption('11');
        await topUp.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
        await topUp.getByLabel('CVC').fill('321');
        await topUp.getByLabel('Name on card').fill('Sam Carry');
        const keep = topUp.getByRole('checkbox', { name: 'Save this card for next time' });
        await expect(keep.isChecked()).resolves.toBe(false);
        await keep.check();
        await checkScreen(page, 'member-topup-save-card-desktop');
        await topUp.getByRole('button', { name: 'Review' }).click();
        await topUp.getByRole('button', { name: 'Pay 20.00 USD' }).click();
        await shown(topUp.getByText('Your card is saved for next time.', { exact: false }));
      }
      noProblems(tab);
      await tab.context.close();
    }
    // The address book and the cards page have them.
    const tab = await open(VIEWPORTS.desktop);
    await signInThroughLoginPage(tab.page, user, '/addresses');
    await shown(tab.page.getByRole('article', { name: 'Home (Sam Carry), main address' }));
    await tab.page.goto('/cards');
    await shown(tab.page.getByRole('article', { name: 'Visa ending in 4242, default card' }));
    await shown(tab.page.getByRole('article', { name: 'Mastercard ending in 4444' }));
    noProblems(tab);
    await tab.context.close();
  });
});

describe('the cart follows the member', () => {
  it('is there on another device after signing in, merges the browser’s cart there, and shows the way to free shipping', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'cart');
    const laptop = await open(VIEWPORTS.desktop);
    await signInThroughLoginPage(laptop.page, user, '/product/3');
    await laptop.page.getByRole('button', { name: 'Add to cart' }).click();
    await shown(laptop.page.getByRole('link', { name: 'Cart, 1 item' }));
    await laptop.page.goto('/cart');
    await heading(laptop.page, 'Your cart');
    await shown(laptop.page.getByText(/more for free shipping|Your order ships free/));
    await checkScreen(laptop.page, 'member-cart-free-shipping-desktop');

    // The phone had a cart of its own from before (kept in the browser while signed out).
    const phone = await open(VIEWPORTS.phone);
    await phone.page.goto('/');
    await phone.page.evaluate(() => {
      localStorage.setItem('parmeta-store', JSON.stringify({ version: 1, state: { token: { accessToken: { expire: null }, refreshToken: { expire: null } }, user: null, cart: { list: [{ id: '3', qty: 2 }, { id: '5', qty: 1 }], owner: '', version: 0, note: '', orderNo: '', shipping: {} } } }));
    });
    await signInThroughLoginPage(phone.page, user, '/cart');
    await heading(phone.page, 'Your cart');
    // Merged by the original's rules: product 3 takes the browser's quantity, product 5 is appended.
    await shown(phone.page.getByRole('link', { name: 'Cart, 3 items' }));
    await expect(phone.page.getByRole('list').locator('li').count()).resolves.toBeGreaterThanOrEqual(2);
    await checkScreen(phone.page, 'member-cart-merged-phone', { fullPage: true });

    // The laptop sees it at its next page; a change there reaches the phone in turn.
    await laptop.page.goto('/shop');
    await shown(laptop.page.getByRole('link', { name: 'Cart, 3 items' }));
    await laptop.page.goto('/cart');
    await heading(laptop.page, 'Your cart');
    await laptop.page.getByRole('button', { name: /^Remove / }).first().click();
    await shown(laptop.page.getByRole('link', { name: /Cart, [12] items?/ }));
    const left = await laptop.page.getByRole('link', { name: /^Cart, / }).getAttribute('aria-label');
    await phone.page.goto('/shop');
    await shown(phone.page.getByRole('link', { name: left ?? '' }).first());
    noProblems(laptop);
    noProblems(phone);
    await laptop.context.close();
    await phone.context.close();
  });
});

describe('first run', () => {
  it('shows no console warnings on the shop pages (no unused CSS preloads)', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'quiet');
    const tab = await open(VIEWPORTS.desktop);
    await signInThroughLoginPage(tab.page, user, '/shop');
    for (const path of ['/shop', '/product/1', '/cart']) {
      // A reload: the early script preloads the page's files as a first visit does.
      await tab.page.goto(path);
      await tab.page.reload();
      await tab.page.waitForLoadState('networkidle');
      // Chromium reports an unused preload after a few seconds.
      await tab.page.waitForTimeout(3_500);
    }
    expect(tab.warnings.filter((w) => /preload/i.test(w))).toEqual([]);
    noProblems(tab);
    await tab.context.close();
  });
});

describe('signing out while a call is on its way', () => {
  it('lets the cart’s background pull end first: nothing is refused after the session ends, and nothing tries to renew it', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'signout', 'Sid Signout');
    const tab = await open(VIEWPORTS.desktop);
    const { page, context } = tab;
    await signInThroughLoginPage(page, user, '/orders');
    await heading(page, 'Your orders');
    const sent: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => sent.push(`${request.method()} ${new URL(request.url()).pathname}`));
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    // A page change pulls the account's cart; its answer is held, as on a slow connection.
    const releaseCart = await holdFiles(page, /\/api\/ecommerce\/cart$/);
    const pulled = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/ecommerce/cart', { timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
    await heading(page, 'Wallet');
    await pulled;
    await page.getByRole('button', { name: `Account menu for ${user.fullName}` }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Sign-out waits for the pull before it ends the session.
    await page.waitForTimeout(300);
    expect(sent).not.toContain('POST /api/auth/logout');
    releaseCart();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(sent.filter((call) => call === 'POST /api/auth/logout')).toHaveLength(1);
    expect(sent).not.toContain('POST /api/auth/refresh');
    expect(refused).toEqual([]);
    noProblems(tab);
    await context.close();
  });
});

describe('a member page’s header paints first', () => {
  it('shows the page’s heading and lead sentence from the HTML, while the app loads, and on the page, in the same place (phone and desktop)', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'firsthead', 'Ada First Paint');
    const headBoxes = (page: Page) => Promise.all([page.locator('#root h1').first().boundingBox(), page.locator('#root .page-header-description').first().boundingBox()]);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const tab = await open(viewport);
      const { context, page } = tab;
      await signInThroughLoginPage(page, user, '/wallet');
      await heading(page, 'Wallet');
      const final = await headBoxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);

      // The HTML alone (the app's code refused): the early script paints the same header, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto('/wallet');
      await expect(early.locator('#root .app-shell').count()).resolves.toBe(1);
      await expect(early.locator('#root h1').textContent()).resolves.toBe('Wallet');
      expect(await headBoxes(early)).toEqual(final);
      // A page without a fixed header paints none (the shop with a filter in its address comes
      // without its first page: a bare /shop paints its cards, e2e/shop.e2e.ts).
      await early.goto('/shop?search=lamp');
      await expect(early.locator('#root h1').count()).resolves.toBe(0);
      await early.close();

      // The app running, the wallet's own code held back: the layout shows the header where the page will.
      const held = await context.newPage();
      const release = await holdFiles(held, /\/assets\/wallet-page-[^/]+\.js$/);
      await held.goto('/wallet');
      await shown(held.locator('header a[href="/"]'));
      await expect(held.locator('#root .app-shell').count()).resolves.toBe(0);
      await expect(held.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Wallet');
      expect(await headBoxes(held)).toEqual(final);
      release();
      await held.locator('#balances-heading').waitFor({ state: 'attached', timeout: 10_000 });
      expect(await headBoxes(held)).toEqual(final);
      await expect(held.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await held.close();
      noProblems(tab);
      await context.close();
    }

    // Signed out: no member page's header first, whether from the HTML or from the app.
    const visitor = await open(VIEWPORTS.phone);
    await refuseAppCode(visitor.page);
    await visitor.page.goto('/wallet');
    await expect(visitor.page.locator('#root .app-shell').count()).resolves.toBe(1);
    await expect(visitor.page.locator('#root h1').count()).resolves.toBe(0);
    await visitor.context.close();
  });

  it('paints checkout’s way back and header from the HTML while the cart has lines, where the page shows them (phone and desktop)', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'firstcheck', 'Ada First Checkout');
    const headBoxes = (page: Page) =>
      Promise.all([page.locator('#root a.back-link').first().boundingBox(), page.locator('#root h1').first().boundingBox(), page.locator('#root .page-header-description').first().boundingBox()]);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const tab = await open(viewport);
      const { context, page } = tab;
      await signInThroughLoginPage(page, user, '/product/23');
      await heading(page, 'The Quiet Algorithm');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await shown(page.getByRole('status').filter({ hasText: 'Added 1 ×' }));
      await page.goto('/checkout');
      await heading(page, 'Checkout');
      await shown(page.getByRole('list', { name: 'Checkout steps' }));
      const final = await headBoxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);

      // The HTML alone (the app's code refused): the way back and the header, in the same place.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto('/checkout');
      await expect(early.locator('#root a.back-link').textContent()).resolves.toBe('Back to cart');
      await expect(early.locator('#root a.back-link').getAttribute('href')).resolves.toBe('/cart');
      expect(await headBoxes(early)).toEqual(final);
      await early.close();

      // The app running, checkout's own code held back: the bare layout shows them where the page will.
      const held = await context.newPage();
      const release = await holdFiles(held, /\/assets\/checkout-page-[^/]+\.js$/);
      await held.goto('/checkout');
      await shown(held.locator('header a[href="/"]'));
      await expect(held.locator('#root .app-shell').count()).resolves.toBe(0);
      await expect(held.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Checkout');
      expect(await headBoxes(held)).toEqual(final);
      release();
      await shown(held.getByRole('list', { name: 'Checkout steps' }));
      expect(await headBoxes(held)).toEqual(final);
      await expect(held.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await expect(held.locator('#root a.back-link').count()).resolves.toBe(1);
      await held.close();

      // An empty cart: checkout shows the empty cart, and nothing of the above is painted first.
      await page.goto('/cart');
      await page.getByRole('button', { name: /^Remove/ }).first().click();
      await shown(page.getByText('Your cart is empty'));
      const emptied = await context.newPage();
      await refuseAppCode(emptied);
      await emptied.goto('/checkout');
      await expect(emptied.locator('#root .app-shell').count()).resolves.toBe(1);
      await expect(emptied.locator('#root h1, #root a.back-link').count()).resolves.toBe(0);
      await emptied.close();
      noProblems(tab);
      await context.close();
    }
  });

  it('paints the security page’s panels with its header from the HTML, keeps them while the app loads, and the page shows them in the same place (phone and desktop)', async () => {
    const user = await createVerifiedUser(server.baseUrl, 'firstpanels', 'Ada First Panels');
    const panelNames = ['Passkeys', 'Two-step sign-in', 'Signed-in devices'];
    // The header, and the first panel's heading and description: the panels below it move down
    // once their contents arrive (the passkey form, the two-step status, the devices).
    const boxes = (page: Page) =>
      Promise.all(['#root h1', '#root .page-header-description', '#root h2.panel-title', '#root .panel-description'].map((selector) => page.locator(selector).first().boundingBox()));
    const regions = (page: Page) => Promise.all(panelNames.map((name) => page.getByRole('region', { name, exact: true }).count()));
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const tab = await open(viewport);
      const { context, page } = tab;
      await signInThroughLoginPage(page, user, '/account/security');
      await heading(page, 'Security');
      await shown(page.getByText('No passkeys yet.'));
      const final = await boxes(page);
      expect(final.every((box) => box !== null && box.width > 0)).toBe(true);

      // The HTML alone (the app's code refused): the header and the three panels, each a region named by its heading.
      const early = await context.newPage();
      await refuseAppCode(early);
      await early.goto('/account/security');
      await expect(early.locator('#root h2.panel-title').allTextContents()).resolves.toEqual(panelNames);
      await expect(regions(early)).resolves.toEqual([1, 1, 1]);
      expect(await boxes(early)).toEqual(final);
      await early.close();

      // The app running, the page's own code held back: the layout keeps what the HTML painted, in place.
      const held = await context.newPage();
      const release = await holdFiles(held, /\/assets\/security-page-[^/]+\.js$/);
      await held.goto('/account/security');
      await shown(held.locator('header a[href="/"]'));
      await expect(held.locator('#root .app-shell').count()).resolves.toBe(0);
      await expect(regions(held)).resolves.toEqual([1, 1, 1]);
      expect(await boxes(held)).toEqual(final);
      release();
      await shown(held.getByText('No passkeys yet.'));
      expect(await boxes(held)).toEqual(final);
      await expect(regions(held)).resolves.toEqual([1, 1, 1]);
      await expect(held.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await held.close();
      noProblems(tab);
      await context.close();
    }
  });
});
