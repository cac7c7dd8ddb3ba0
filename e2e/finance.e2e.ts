import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { ADMIN, ADMIN_ENV, testCardToken } from './support/admin.js';
import { accessTokenFor, apiCall } from './support/api.js';
import { checkScreen, launchBrowser, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // localhost: the Secure __Host- refresh cookie is accepted over http only there.
  [server, browser] = await Promise.all([startServer(ADMIN_ENV, { host: 'localhost' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Viewport = { width: number; height: number };
async function open(viewport: Viewport): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const admin: TestUser = { ...ADMIN, fullName: 'Shop Admin' };
const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const settled = (page: Page) => page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 });
const noProblems = (problems: PageProblems) => expect(problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
const today = () => new Date().toISOString().slice(0, 10);

describe('finance in the admin', () => {
  let before = '';

  beforeAll(async () => {
    // A moment before any money moved, as the datetime-local field takes it (local time).
    const d = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    before = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    // A member tops up 80 par by card and withdraws 25, which the admin pays out.
    const member = await createVerifiedUser(server.baseUrl, 'fin');
    const token = await accessTokenFor(server.baseUrl, member);
    const payment = await apiCall<{ accessToken: string }>(server.baseUrl, '/gx/AuthToken', { method: 'POST', token });
    await apiCall(server.baseUrl, '/gx/GenerateOrderFiat', { token, headers: { 'x-payment-token': payment.accessToken }, body: { type: 'topup', amount: 80, cardToken: await testCardToken(server.baseUrl) } });
    const { payout } = await apiCall<{ payout: { id: number } }>(server.baseUrl, '/gx/transfer_par_off', { token, body: { amount: 25, destination: `0x${'ab'.repeat(20)}` } });
    await apiCall(server.baseUrl, '/admin/payouts/complete', { token: await accessTokenFor(server.baseUrl, admin), body: { id: payout.id } });
  });

  it('trial balance, daily figures, reconciliation and the journal export at desktop width, with a reload on the way', { timeout: 120_000 }, async () => {
    const { context, page, problems } = await open(VIEWPORTS.desktop);
    await signInThroughLoginPage(page, admin, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Finance' }).click();
    await shown(h1(page, 'Trial balance'));
    await settled(page);
    await shown(page.getByRole('status').filter({ hasText: 'The books balance' }));
    const par = page.getByRole('table', { name: 'Par' });
    // Members hold 80 - 25 = 55 par; the gateway took 80 in and paid 25 out.
    await shown(par.getByRole('row', { name: /Members' par/ }).getByRole('cell', { name: '55.00' }));
    await shown(par.getByRole('row', { name: /Payouts pending/ }));
    const clearing = par.getByRole('row', { name: /Gateway clearing/ });
    await shown(clearing.getByRole('cell', { name: '55.00' }));
    await clearing.getByText('What it is made of').click();
    await shown(clearing.getByText('Card top-ups: -80.00 par'));
    await shown(clearing.getByText('Payouts paid out: 25.00 par'));
    await shown(page.getByText('Debits equal credits: the par ledger sums to zero.'));
    await checkScreen(page, 'finance-trial-balance-desktop', { fullPage: true });

    // As at a moment before any of it: nothing yet. The moment lives in the address, so a reload keeps it.
    await page.getByLabel('As at (your time)').fill(before);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('at') === before);
    await page.reload();
    await shown(h1(page, 'Trial balance'));
    await settled(page);
    await shown(page.getByText(/^As at the end of/));
    await shown(page.getByRole('table', { name: 'Par' }).getByRole('row', { name: /Members' par/ }).getByRole('cell', { name: '–' }));
    await shown(page.getByRole('status').filter({ hasText: 'The books balance' }));

    // Daily figures: a chart that names itself, and the numbers in a table beside it.
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Daily figures' }).click();
    await shown(h1(page, 'Daily figures'));
    await settled(page);
    await shown(page.getByRole('img', { name: /Daily revenue, fees, top-ups and payouts in par/ }));
    const table = page.getByRole('table', { name: /Daily figures/ });
    const todayRow = table.getByRole('row', { name: new RegExp(`^${today()}`) });
    await shown(todayRow);
    await expect(todayRow.getByRole('cell').allTextContents()).resolves.toEqual(['0.00', '0.00', '80.00', '25.00']);
    await checkScreen(page, 'finance-daily-desktop', { fullPage: true });
    // A range the API would refuse is refused here first, at the field.
    await page.getByLabel('First day (UTC)').fill('2030-01-02');
    await page.getByLabel('Last day (UTC)').fill('2030-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await shown(page.getByText('The last day must be on or after the first day.'));
    await expect(page.getByLabel('Last day (UTC)').getAttribute('aria-invalid')).resolves.toBe('true');
    await checkScreen(page, 'finance-daily-range-error-desktop');
    await page.getByLabel('First day (UTC)').fill('2030-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2030-01-01' && url.searchParams.get('to') === '2030-01-01');
    await settled(page);
    await shown(table.getByRole('row', { name: /^Total/ }));
    await expect(table.getByRole('row').count()).resolves.toBe(3);

    // Reconciliation: the gateway's records and ours agree.
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Reconciliation' }).click();
    await shown(h1(page, 'Reconciliation'));
    await settled(page);
    await shown(page.getByRole('status').filter({ hasText: 'Everything matches' }));
    await shown(page.getByText(/1 charge and 0 refunds at the gateway/));
    await checkScreen(page, 'finance-reconciliation-desktop');

    // The journal as a CSV file, and the export in the audit log.
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Journal export' }).click();
    await shown(h1(page, 'Journal export'));
    await page.getByLabel('First day (UTC)').fill(today());
    await page.getByLabel('Last day (UTC)').fill(today());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`journal-${today()}-to-${today()}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('entry_id,time_utc,kind,reference,memo,account,asset,amount');
    expect(lines.filter((l) => l.includes(',topup,'))).toHaveLength(2);
    expect(lines.some((l) => l.includes(',payout_completed,') && l.endsWith(',gateway_clearing,par,25.00'))).toBe(true);
    await shown(page.getByRole('status').filter({ hasText: `${lines.length - 1} rows. The export is in the audit log.` }));
    await checkScreen(page, 'finance-export-desktop');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await shown(page.getByRole('row').filter({ hasText: 'Journal exported' }).filter({ hasText: `journal:${today()}..${today()}` }));

    noProblems(problems);
    await context.close();
  });

  it('the finance pages at phone width', { timeout: 90_000 }, async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    await signInThroughLoginPage(page, admin, '/admin/finance');
    await shown(h1(page, 'Trial balance'));
    await settled(page);
    await shown(page.getByRole('status').filter({ hasText: 'The books balance' }));
    await checkScreen(page, 'finance-trial-balance-phone');
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Daily figures' }).click();
    await shown(h1(page, 'Daily figures'));
    await settled(page);
    await shown(page.getByRole('img', { name: /Daily revenue/ }));
    await checkScreen(page, 'finance-daily-phone');
    await page.getByRole('region', { name: /Daily figures/ }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'finance-daily-table-phone');
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Reconciliation' }).click();
    await shown(h1(page, 'Reconciliation'));
    await settled(page);
    await shown(page.getByRole('status').filter({ hasText: 'Everything matches' }));
    await checkScreen(page, 'finance-reconciliation-phone');
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Journal export' }).click();
    await shown(h1(page, 'Journal export'));
    await checkScreen(page, 'finance-export-phone');
    noProblems(problems);
    await context.close();
  });
});
