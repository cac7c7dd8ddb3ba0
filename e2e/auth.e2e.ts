import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, checkScreen, commitsAtRest, REACT_COMMIT_COUNTER, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STORE_KEY = 'parmeta-store';
const REFRESH_COOKIE = '__Host-parmeta_rt';

let smtp: SmtpSink;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // Real SMTP: the API's mail worker delivers to the sink; MAIL_POLL_MS keeps the wait short.
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, MAIL_POLL_MS: '200' }, { host: 'localhost' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });
const heading = (page: Page, name: string) => shown(page.getByRole('heading', { level: 1, name }));
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });

/** Console errors other than the failed requests a journey provokes on purpose (Chromium logs every 4xx). */
function unexpected(problems: PageProblems, expectedStatuses: number[] = []) {
  const expected = new RegExp(`status of (${expectedStatuses.join('|') || 'none'})`);
  return { ...problems, consoleErrors: problems.consoleErrors.filter((text) => !expected.test(text)) };
}
const noProblems = (problems: PageProblems, expectedStatuses?: number[]) =>
  expect(unexpected(problems, expectedStatuses)).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });

/** Counts the app's calls to one API path. */
function countCalls(page: Page, method: string, path: string) {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) calls.push(request);
  });
  return calls;
}

const storageDump = (page: Page) => page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));

let serial = 0;
function newUser() {
  const userName = `e2e_${Date.now().toString(36)}${serial++}`;
  return { userName, fullName: 'Erin Example', email: `${userName}@example.com`, password: 'violet tractor sings at dawn' };
}

/** The link to `path` in the newest mail the SMTP server received for `to`, decoded from quoted-printable. */
async function linkFromSmtp(to: string, path: '/login' | '/reset'): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to));
  const text = decodeQuotedPrintable(mail.raw);
  const link = new RegExp(`${server.baseUrl}${path}\\?(signature|token)=[A-Za-z0-9_%-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in the mail to ${to}:\n${text.slice(0, 2_000)}`);
  return link;
}

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('accounts: sign-up, verification, sessions and sign-out in the browser', () => {
  it('takes a new user from sign-up through the mailed link to a session that renews, expires and signs out', async () => {
    const { context, page, problems } = await open();
    // The page's clock, so the test can move past the access token's 15 minutes and the refresh token's 7 days.
    await page.clock.install();
    const user = newUser();
    const refreshCalls = countCalls(page, 'POST', '/api/auth/refresh');

    // Sign up in the form, checked field by field on the way.
    await page.goto('/signup');
    await heading(page, 'Create your account');
    await page.getByLabel('Username').fill('x');
    await page.getByLabel('Full name').focus();
    await shown(page.getByText('Username must be at least 3 characters'));
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Username').fill(user.userName);
    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(`${user.userName} secret`);
    await shown(page.getByText('Do not use your username in the password.'));
    // Long enough, but guessable: the meter shows the server's own verdict once typing pauses.
    await page.getByLabel('Password', { exact: true }).fill('password12345678');
    await shown(page.getByText(/^Password is too easy to guess\./));
    await checkScreen(page, 'signup-weak-password-desktop');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await shown(page.getByText(`${user.password.length} characters: long enough.`));
    await shown(page.getByText(/^(Strong: very hard to guess|Good: hard to guess)\.$/));
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading(page, 'Check your inbox');
    await shown(page.getByText(`We sent a verification link to ${user.email}.`));

    // The mail went out over SMTP; its link opens the sign-in page, which verifies and says so.
    const link = await linkFromSmtp(user.email, '/login');
    await page.goto(link);
    await heading(page, 'Sign in');
    await shown(page.getByRole('status').filter({ hasText: 'Your email is verified' }));
    await page.waitForURL((url) => !url.searchParams.has('signature'));
    expect(await page.getByLabel('Username or email').inputValue()).toBe(user.email);
    await checkScreen(page, 'login-verified-desktop');

    // Signing in lands on the shop; the refresh token stays in its httpOnly cookie.
    const signInAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/local/signin');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const body = (await (await signInAnswer).json()) as { data: { accessToken: { token: string }; refreshToken: Record<string, unknown> } };
    expect(body.data.refreshToken).not.toHaveProperty('token');
    const accessToken = body.data.accessToken.token;
    await atPath(page, '/shop');
    const cookie = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });

    // A page's heading paints from its HTML before the app runs (decision 0077): a reload is
    // waited for until its renewal has answered, not only until the heading shows.
    const renewed = (tab: Page) => tab.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh');

    // A protected page, then a reload: the session survives, renewed from the cookie.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
    await heading(page, 'Wallet');
    await shown(page.getByRole('button', { name: `Account menu for ${user.fullName}` }));
    expect(refreshCalls).toHaveLength(0);
    // A cart line, as a shopper would leave one, to see sign-out clear it. Written once the
    // page is quiet: the user-detail refetch of the navigation would store the state over it.
    await page.waitForLoadState('networkidle');
    await page.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { state: { cart: { list: unknown[] } } };
      stored.state.cart.list = [{ id: 'e2e-cart-line', qty: 2 }];
      localStorage.setItem(key, JSON.stringify(stored));
    }, STORE_KEY);
    await Promise.all([renewed(page), page.reload()]);
    await heading(page, 'Wallet');
    expect(new URL(page.url()).pathname).toBe('/wallet');
    expect(refreshCalls).toHaveLength(1);
    await shown(page.getByRole('link', { name: 'Cart, 2 items' }).first());
    let stored = await storageDump(page);
    expect(stored).toContain(user.userName);
    expect(stored).not.toContain(accessToken);
    expect(stored).not.toContain(cookie?.value);

    // A second tab, then both reload at once: each renews (the access token is per tab) with
    // the same cookie. The Web Lock makes them take turns; at once, the API would see a reused
    // refresh token and revoke the session.
    const secondTab = await context.newPage();
    const secondTabRefreshes = countCalls(secondTab, 'POST', '/api/auth/refresh');
    await Promise.all([renewed(secondTab), secondTab.goto('/wallet')]);
    await heading(secondTab, 'Wallet');
    await Promise.all([renewed(page), renewed(secondTab), page.reload(), secondTab.reload()]);
    await Promise.all([heading(page, 'Wallet'), heading(secondTab, 'Wallet')]);
    const renewals = [...refreshCalls, ...secondTabRefreshes];
    expect(renewals).toHaveLength(4);
    for (const call of renewals) expect((await call.response())?.status()).toBe(200);
    await secondTab.close();
    refreshCalls.length = 0;

    // 16 minutes on: the access token has expired, and the next navigation renews it silently.
    await page.clock.setSystemTime(Date.now() + 16 * MINUTE);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await heading(page, 'Your orders');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.headers()['x-requested-with']).toBe('parmeta-web');
    expect(new URL(page.url()).pathname).toBe('/orders');
    // The renewed token is good for another 15 minutes of this (fast) clock: no renewal on the next page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
    await heading(page, 'Wallet');
    expect(refreshCalls).toHaveLength(1);

    // 8 days on: the refresh token has expired too. The next navigation ends the session and asks to sign in.
    await page.clock.setSystemTime(Date.now() + 16 * MINUTE + 8 * DAY);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await atPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/orders');
    expect(refreshCalls).toHaveLength(1);
    stored = await storageDump(page);
    expect(stored).not.toContain(user.userName);
    expect(stored).not.toContain(user.email);

    // Signing in again returns to the page that asked for it.
    await signIn(page, user.userName, user.password);
    await atPath(page, '/orders');
    await heading(page, 'Your orders');
    const cookieBeforeSignOut = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);
    expect(cookieBeforeSignOut?.value).toBeTruthy();

    // Sign out from the account menu: the API revokes the session, the browser keeps nothing of it.
    const logoutCalls = countCalls(page, 'POST', '/api/auth/logout');
    await page.getByRole('button', { name: `Account menu for ${user.fullName}` }).click();
    await shown(page.getByRole('button', { name: 'Sign out' }));
    await checkScreen(page, 'account-menu-open');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await atPath(page, '/login');
    await heading(page, 'Sign in');
    expect(logoutCalls).toHaveLength(1);
    expect((await logoutCalls[0]?.response())?.status()).toBe(200);
    stored = await storageDump(page);
    for (const trace of [user.userName, user.email, user.fullName, 'e2e-cart-line', accessToken, cookieBeforeSignOut?.value ?? 'no-cookie']) {
      expect(stored, `storage still holds ${trace}`).not.toContain(trace);
    }
    // Only the router's scroll positions are left (keys of history entries, no session data).
    expect(JSON.parse(stored)).toEqual({ local: {}, session: { 'react-router-scroll-positions': expect.any(String) } });
    expect((await context.cookies()).some((c) => c.name === REFRESH_COOKIE)).toBe(false);
    // The old refresh token is revoked on the server, not only forgotten here.
    const replay = await fetch(`${server.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${cookieBeforeSignOut?.value}`, 'x-requested-with': 'parmeta-web' },
    });
    expect(replay.status).toBe(401);
    // And a protected page asks to sign in again.
    await page.goto('/wallet');
    await atPath(page, '/login');

    noProblems(problems);
    await context.close();
  });

  it('explains a used verification link and an unverified sign-in, with the way to a new link', async () => {
    const { context, page, problems } = await open();
    const user = newUser();
    const created = await fetch(`${server.baseUrl}/api/auth/local/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    expect(created.status).toBe(201);
    const link = await linkFromSmtp(user.email, '/login');

    // Not verified yet: sign-in is refused with the reason and a way to resend.
    await page.goto('/login');
    await signIn(page, user.email, user.password);
    await shown(page.getByRole('alert').filter({ hasText: 'Please verify your email address first' }));
    await page.getByRole('link', { name: 'Resend the verification email' }).first().click();
    await heading(page, 'Resend the verification email');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'If an account with that email still needs verifying' }));

    // The first link was replaced by the resend: it no longer works, and the page says what to do.
    await page.goto(link);
    await shown(page.getByRole('alert').filter({ hasText: 'verification link' }));
    await shown(page.getByRole('link', { name: 'Send me a new verification link' }));
    await checkScreen(page, 'login-link-used-desktop');
    await page.waitForURL((url) => !url.searchParams.has('signature'));

    noProblems(problems, [403, 422]);
    await context.close();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    const user = newUser();
    await fetch(`${server.baseUrl}/api/auth/local/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
    const signature = new URL(await linkFromSmtp(user.email, '/login')).searchParams.get('signature');
    const verified = await fetch(`${server.baseUrl}/api/sendgrid/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signature }) });
    expect(verified.status).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await heading(page, 'Reset your password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'If an account exists for that email' }));

    // The link, as the local outbox (the dev mail page's API) shows it.
    const outbox = (await (await fetch(`${server.baseUrl}/api/dev/mail?to=${encodeURIComponent(user.email)}`)).json()) as { data: { items: { subject: string; text: string }[] } };
    const resetMail = outbox.data.items.find((m) => m.subject.startsWith('Reset your'));
    const resetLink = /https?:\/\/\S+\/reset\?token=[A-Za-z0-9_%-]+/.exec(resetMail?.text ?? '')?.[0];
    expect(resetLink?.startsWith(`${server.baseUrl}/reset?token=`)).toBe(true);

    await page.goto(resetLink ?? '/reset');
    await heading(page, 'Choose a new password');
    await page.waitForURL((url) => !url.searchParams.has('token'));
    const newPassword = page.getByLabel('New password', { exact: true });
    // Too short: refused in the browser, with the contract's message.
    await newPassword.fill('too short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await shown(page.getByText('New password must be at least 15 characters'));
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    // Long enough but common: refused by the server, and shown under the field.
    await newPassword.fill('passwordpassword');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await shown(page.getByText(/^New password is too easy to guess\./));
    await shown(page.getByRole('alert').filter({ hasText: 'Please correct the field marked below.' }));
    await checkScreen(page, 'reset-new-password-phone', { fullPage: true });
    const chosen = 'quiet harbour lanterns glow';
    await newPassword.fill(chosen);
    await page.getByRole('button', { name: 'Set the new password' }).click();

    await atPath(page, '/login');
    await shown(page.getByRole('status').filter({ hasText: 'Your password is changed' }));
    // The old password no longer works; the new one does.
    await signIn(page, user.userName, user.password);
    await shown(page.getByRole('alert').filter({ hasText: 'Wrong user name, email or password.' }));
    await signIn(page, user.userName, chosen);
    await atPath(page, '/shop');

    noProblems(problems, [400, 401]);
    await context.close();
  });

  it('leaves a form with a password meter at rest: nothing renders while nobody types', async () => {
    const { context, page, problems } = await open(VIEWPORTS.phone);
    await context.addInitScript({ content: REACT_COMMIT_COUNTER });
    await page.goto('/signup');
    await heading(page, 'Create your account');
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
    await shown(page.getByText(/^(Strong: very hard to guess|Good: hard to guess)\.$/));
    await page.waitForLoadState('networkidle');
    // The meter waits for a pause in typing; it used to restart that wait after each of its own
    // renders, and rendered again every 300 ms for as long as the form was open.
    expect(await commitsAtRest(page, 1_500)).toBe(0);
    noProblems(problems);
    await context.close();
  });

  it('shows the auth pages cleanly on a phone and a desktop', async () => {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page, problems } = await open(viewport);

      await page.goto('/signup');
      await heading(page, 'Create your account');
      await page.getByLabel('Username').fill('erin.example');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('nine char');
      await page.getByLabel('Full name').click();
      await shown(page.getByText('Email must be a valid email address'));
      await checkScreen(page, `signup-${device}`, { fullPage: device === 'phone' });

      await page.goto('/login');
      await heading(page, 'Sign in');
      await signIn(page, 'nobody@example.com', 'not the password at all');
      await shown(page.getByRole('alert').filter({ hasText: 'Wrong user name, email or password.' }));
      await checkScreen(page, `login-error-${device}`);

      await page.goto('/reset');
      await heading(page, 'Reset your password');
      await checkScreen(page, `reset-${device}`);

      noProblems(problems, [401]);
      await context.close();
    }
  });
});
