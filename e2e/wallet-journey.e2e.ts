import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { accessTokenFor } from './support/api.js';
import { checkScreen, launchBrowser, watchProblems, type PageProblems } from './support/browser.js';
import { DESKTOP, noProblems, paidOrder, PHONE, topUpPar, whollyInView } from './support/member.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let member: TestUser;

beforeAll(async () => {
  // A hundred premium points per par spent: one small order earns enough points to convert.
  [server, browser] = await Promise.all([startServer({ POINTS_PER_PAR_SPENT: '100' }, { host: 'localhost' }), launchBrowser()]);
  member = await createVerifiedUser(server.baseUrl, 'wallet', 'Wanda Wallet');
  const token = await accessTokenFor(server.baseUrl, member);
  await topUpPar(server.baseUrl, token, 760);
  // 14.50 par and 5.00 shipping: 740.50 par left, 1,950 points earned.
  await paidOrder(server.baseUrl, member, token, [{ id: 10, qty: 1 }]);
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
const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const balance = (page: Page, asset: 'par' | 'meta' | 'premium') => page.getByTestId(`balance-${asset}`).textContent();
const pad = (n: number) => String(n).padStart(2, '0');
const day = (offset = 0) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Opens one of the wallet's actions from the choice of actions, and checks that no field shows a hint that looks like a value. */
async function openAction(page: Page, title: string) {
  await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  const action = panel(page, title);
  await shown(action.getByRole('button', { name: 'Review' }));
  await expect(page.locator('main input[placeholder]').count()).resolves.toBe(0);
  return action;
}

describe('the wallet, one action at a time', () => {
  it('moves par to meta, converts points and withdraws, each reviewed before it is sent, the result and new balance in view on a phone', async () => {
    const { context, page, problems } = await open(PHONE);
    await signInThroughLoginPage(page, member, '/wallet');
    await shown(page.getByRole('list', { name: 'What would you like to do?' }));
    await expect.poll(() => balance(page, 'par')).toBe('740.50');
    await expect.poll(() => balance(page, 'premium')).toBe('1,950');
    await checkScreen(page, 'wallet-actions-phone');

    // Move to meta: the review says what will happen and what it leaves; nothing moves before Confirm.
    const toMeta = await openAction(page, 'Move par to meta');
    await toMeta.getByLabel('Amount of par').fill('25');
    await toMeta.getByRole('button', { name: 'Review' }).click();
    await shown(toMeta.getByText('You move 25.00 par to meta.'));
    await shown(toMeta.getByRole('definition').filter({ hasText: '715.50' }));
    await checkScreen(page, 'wallet-review-phone');
    // A reload in the middle sends nothing: the form is back, empty, and the balance as it was.
    await page.reload();
    await shown(toMeta.getByRole('button', { name: 'Review' }));
    await expect(toMeta.getByLabel('Amount of par').inputValue()).resolves.toBe('');
    await expect.poll(() => balance(page, 'par')).toBe('740.50');
    await toMeta.getByLabel('Amount of par').fill('25');
    await toMeta.getByRole('button', { name: 'Review' }).click();
    await toMeta.getByRole('button', { name: 'Move 25.00 par to meta' }).click();
    const result = toMeta.getByRole('region', { name: 'Done' });
    await shown(result.getByText('Moved 25.00 par to meta.'));
    await shown(result.getByRole('definition').filter({ hasText: /^715\.50 par$/ }));
    await shown(result.getByRole('definition').filter({ hasText: /^25\.00 meta$/ }));
    // Without scrolling: the result, and the balances above it.
    await expect.poll(() => whollyInView(page, result)).toBe(true);
    await expect.poll(() => balance(page, 'par')).toBe('715.50');
    await checkScreen(page, 'wallet-result-phone');

    // Convert points: the minimum is said before anything is sent.
    await page.getByRole('link', { name: 'All actions' }).first().click();
    const convert = await openAction(page, 'Turn points into par');
    await convert.getByLabel('Points to convert').fill('400');
    await convert.getByRole('button', { name: 'Review' }).click();
    await shown(convert.getByText('You can convert from 500 points.'));
    await convert.getByLabel('Points to convert').fill('500');
    await convert.getByRole('button', { name: 'Review' }).click();
    await shown(convert.getByText('You turn 500 points into 5.00 par.'));
    await convert.getByRole('button', { name: 'Convert 500 points' }).click();
    await shown(convert.getByText('Converted 500 points into 5.00 par.'));
    await expect.poll(() => balance(page, 'par')).toBe('720.50');
    await expect.poll(() => balance(page, 'premium')).toBe('1,450');

    // Withdraw: more than the balance is refused at once; the destination is checked; the review shows it readable.
    await page.goto('/wallet?action=withdraw');
    const withdraw = panel(page, 'Withdraw par');
    await shown(withdraw.getByRole('button', { name: 'Review' }));
    await expect(page.locator('main input[placeholder]').count()).resolves.toBe(0);
    await withdraw.getByLabel('Amount of par').fill('5000');
    await withdraw.getByLabel('Destination').fill('DE89 3704 0044 0532 0130 00');
    await withdraw.getByRole('button', { name: 'Review' }).click();
    await shown(withdraw.getByText('Amount must be at most your balance, 720.50 par'));
    await withdraw.getByLabel('Amount of par').fill('20');
    await withdraw.getByLabel('Destination').fill('my bank');
    await withdraw.getByRole('button', { name: 'Review' }).click();
    await shown(withdraw.getByText(/^Destination must be a 0x wallet address/));
    await withdraw.getByLabel('Destination').fill('de89370400440532013000');
    await withdraw.getByRole('button', { name: 'Review' }).click();
    await shown(withdraw.getByText('You withdraw 20.00 par to DE89 3704 0044 0532 0130 00.'));
    await checkScreen(page, 'wallet-withdraw-review-phone');
    await withdraw.getByRole('button', { name: 'Withdraw 20.00 par' }).click();
    await shown(withdraw.getByText('Your withdrawal request is pending.', { exact: false }));
    await shown(panel(page, 'Withdrawals').getByText('Pending', { exact: true }));
    await expect.poll(() => balance(page, 'par')).toBe('700.50');

    // The top-up's fields show no value-like hints either.
    await page.goto('/wallet?action=top-up');
    await shown(panel(page, 'Top up par').getByLabel('Card number'));
    await expect(page.locator('main input[placeholder]').count()).resolves.toBe(0);
    await checkScreen(page, 'wallet-top-up-phone', { fullPage: true });

    await page.goto('/wallet?tab=history');
    await shown(page.getByRole('list', { name: /Wallet history/ }));
    await checkScreen(page, 'wallet-history-phone', { fullPage: true });
    noProblems(problems);
    await context.close();
  });

  it('filters the history by type and dates (kept in the address) and downloads it as CSV', async () => {
    const { context, page, problems } = await open(DESKTOP);
    await signInThroughLoginPage(page, member, '/wallet');
    await page.getByRole('navigation', { name: 'Wallet' }).getByRole('link', { name: 'History' }).click();
    const history = panel(page, 'History');
    const rows = history.getByRole('table').getByRole('row');
    await shown(history.getByText('5 movements'));
    await checkScreen(page, 'wallet-history-desktop', { fullPage: true });

    const filter = history.getByRole('form', { name: 'Filter the history' });
    await filter.getByLabel('Type').selectOption({ label: 'Withdrawals' });
    await filter.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'withdrawals');
    await shown(history.getByText('1 movement', { exact: true }));
    await expect.poll(() => rows.count()).toBe(2);
    await shown(rows.filter({ hasText: 'Withdrawal requested' }).filter({ hasText: '−20.00 par' }));

    // The same filter, as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: 'Download these as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^parmeta-wallet-${member.userName}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Date (UTC),Type,Description,Counterparty,Reference,Par,Meta,Premium points');
    expect(lines[1]).toMatch(/,Withdrawal requested,Withdrawal to DE89370400440532013000,Withdrawals,PO-\d+,-20\.00,,$/);
    await shown(history.getByRole('status').filter({ hasText: '1 movement.' }));

    // Dates: a range is checked before it is applied; today holds everything, tomorrow nothing.
    await filter.getByLabel('Type').selectOption({ label: 'All movements' });
    await filter.getByLabel('From').fill(day(1));
    await filter.getByLabel('To').fill(day(0));
    await filter.getByRole('button', { name: 'Apply' }).click();
    await shown(filter.getByText('To must be on or after the From date'));
    await filter.getByLabel('To').fill(day(1));
    await filter.getByRole('button', { name: 'Apply' }).click();
    await shown(history.getByText('No movements match'));
    await filter.getByLabel('From').fill(day(0));
    await filter.getByLabel('To').fill(day(0));
    await filter.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === day(0) && url.searchParams.get('to') === day(0));
    await shown(history.getByText('5 movements'));
    // A reload keeps the filter.
    await filter.getByLabel('Type').selectOption({ label: 'Par to meta' });
    await filter.getByRole('button', { name: 'Apply' }).click();
    await shown(history.getByText('1 movement', { exact: true }));
    await page.reload();
    await shown(history.getByText('1 movement', { exact: true }));
    await expect(filter.getByLabel('Type').inputValue()).resolves.toBe('to-meta');
    await shown(rows.filter({ hasText: 'Par to meta' }).filter({ hasText: '+25.00 meta' }));
    await checkScreen(page, 'wallet-history-filtered-desktop', { fullPage: true });

    await filter.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '?tab=history');
    await shown(history.getByText('5 movements'));
    const [all] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(readFileSync((await all.path())!, 'utf8').trim().split('\r\n')).toHaveLength(6);

    // The actions on a desktop: the review beside nothing else.
    await page.goto('/wallet?action=to-meta');
    const toMeta = panel(page, 'Move par to meta');
    await toMeta.getByLabel('Amount of par').fill('0.5');
    await toMeta.getByRole('button', { name: 'Review' }).click();
    await shown(toMeta.getByText('You move 0.50 par to meta.'));
    await checkScreen(page, 'wallet-review-desktop');
    noProblems(problems);
    await context.close();
  });
});
