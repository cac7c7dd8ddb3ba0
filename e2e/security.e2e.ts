import type { Browser, BrowserContext, CDPSession, Locator, Page, Request } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { apiCall } from './support/api.js';
import { checkScreen, launchBrowser, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { JOURNEY_DATABASES, journeyDatabase, type JourneyDatabase } from './support/databases.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSKEY_SIGN_IN = '**/api/auth/passkey/signin';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0';
const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
const gone = (locator: Locator) => locator.waitFor({ state: 'detached', timeout: 10_000 });

/** Every panel loaded and every animation finished: the screen as a person reads it. */
async function check(page: Page, name: string) {
  const busy = () => page.locator('[aria-busy="true"]').count();
  const deadline = Date.now() + 10_000;
  while ((await busy()) > 0) {
    if (Date.now() > deadline) throw new Error(`${name}: still loading`);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await checkScreen(page, name);
}

const ZOD_EVAL_PROBE = 'Content Security Policy violation: script-src blocked eval';
/** No errors but the refusals the journey provokes, by HTTP status (the browser logs each). */
function noProblems(problems: PageProblems, refusals: Record<number, number> = {}) {
  const line = (status: number) => `Failed to load resource: the server responded with a status of ${status} (${status === 400 ? 'Bad Request' : 'Unauthorized'})`;
  const expected = Object.entries(refusals).flatMap(([status, count]) => Array<string>(count).fill(line(Number(status))));
  expect({ ...problems, consoleErrors: [...problems.consoleErrors].sort(), cspViolations: problems.cspViolations.filter((v) => v !== ZOD_EVAL_PROBE) }).toEqual({
    consoleErrors: expected.sort(),
    pageErrors: [],
    cspViolations: [],
  });
}

/** The API calls each page has on its way. */
const apiInFlight = new WeakMap<Page, Set<Request>>();
function watchApiInFlight(page: Page) {
  const calls = new Set<Request>();
  apiInFlight.set(page, calls);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.add(request);
  });
  const done = (request: Request) => calls.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** The code the member's authenticator app shows, `steps` periods from now. */
const appCode = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Passkeys, two-step sign-in and the sessions list, through the UI only. The authenticator is
 * Chromium's virtual one (DevTools protocol WebAuthn.addVirtualAuthenticator: a real CTAP2
 * authenticator in the browser, with resident keys and user verification); the authenticator
 * app is the test computing RFC 6238 codes from the secret the page shows.
 */
for (const database of JOURNEY_DATABASES) {
  describe(`sign-in security [${database}]`, () => {
    let db: JourneyDatabase;
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
      db = await journeyDatabase(database);
      [server, browser] = await Promise.all([startServer(db.env, { host: 'localhost' }), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await db?.drop();
    });

    async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: PageProblems; cdp: CDPSession; user: TestUser }> {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      const user = await createVerifiedUser(server.baseUrl, 'sec');
      watchApiInFlight(page);
      return { context, page, problems, cdp, user };
    }

    const signOut = async (page: Page) => {
      // Once the page's own calls are answered: one still on its way when the session ends gets
      // a 401, which the browser logs, and the journeys count the 401s they provoke. Some calls
      // start late: the cart's pull waits for the first screen, at most 1.5 s into the page load
      // (apps/web/src/lib/first-screen.ts). So: past that, and no API call for 300 ms. A full run
      // once caught POST /api/ecommerce/cart answered 401 just after the sign-out.
      await page.waitForFunction(() => performance.now() > 1_600);
      let quietSince = 0;
      await expect
        .poll(
          () => {
            if ((apiInFlight.get(page)?.size ?? 0) > 0) quietSince = 0;
            else quietSince ||= Date.now();
            return quietSince > 0 && Date.now() - quietSince >= 300;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
    };

    /** Rewrites the next passkey sign-in on its way to the server. */
    async function rewriteNextPasskeySignIn(page: Page, rewrite: (body: string) => string) {
      await page.route(PASSKEY_SIGN_IN, (route) => route.continue({ postData: rewrite(route.request().postData() ?? '') }), { times: 1 });
    }

    it('adds a passkey and signs in with it; refuses a wrong origin, a replayed challenge and a removed passkey (desktop)', async () => {
      const { context, page, problems, user } = await open(VIEWPORTS.desktop);
      await signInThroughLoginPage(page, user, '/profile');
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('link', { name: 'Security' }).click();
      await shown(page.getByRole('heading', { level: 1, name: 'Security' }));
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await shown(passkeys.getByText('No passkeys yet.'));
      await check(page, `security-start-desktop-${database}`);

      // A name is needed: the contract's words under the field.
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      const name = passkeys.getByLabel('Name of the new passkey');
      await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
      await name.fill('Work laptop');
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await shown(passkeys.getByText('Passkey added. You can sign in with it now.'));
      await shown(passkeys.getByText(/not used yet/));
      await page.reload();
      await shown(passkeys.getByText('Work laptop', { exact: true }));
      await check(page, `security-passkey-added-desktop-${database}`);

      // Sign in with it instead of the password.
      await signOut(page);
      let used: string | undefined;
      const keep = (request: Request) => {
        if (request.url().endsWith('/api/auth/passkey/signin')) used = request.postData() ?? undefined;
      };
      page.on('request', keep);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });
      page.off('request', keep);
      await page.goto('/account/security');
      await shown(passkeys.getByText(/last used/));
      const sessions = page.getByRole('region', { name: 'Signed-in devices' });
      await shown(sessions.getByRole('listitem').filter({ hasText: 'This device' }).getByText(/Signed in with passkey/));

      // An answer made for another origin (as a phishing site relaying it would have it).
      await signOut(page);
      const alert = page.getByRole('alert');
      await rewriteNextPasskeySignIn(page, (body) => {
        const parsed = JSON.parse(body) as { response: { response: { clientDataJSON: string } } };
        const client = JSON.parse(Buffer.from(parsed.response.response.clientDataJSON, 'base64url').toString()) as Record<string, unknown>;
        parsed.response.response.clientDataJSON = Buffer.from(JSON.stringify({ ...client, origin: 'https://evil.example' })).toString('base64url');
        return JSON.stringify(parsed);
      });
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await shown(alert.filter({ hasText: 'made for another site' }));
      await check(page, `login-passkey-wrong-origin-desktop-${database}`);

      // The earlier answer again: its challenge is used up.
      await rewriteNextPasskeySignIn(page, () => used!);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await shown(alert.filter({ hasText: 'used already' }));

      // Removal asks first; a removed passkey no longer signs in (the device still holds it).
      await signInThroughLoginPage(page, user, '/account/security');
      await passkeys.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
      await shown(dialog);
      await check(page, `security-passkey-remove-dialog-desktop-${database}`);
      await dialog.getByRole('button', { name: 'Remove passkey' }).click();
      await gone(dialog);
      await shown(passkeys.getByText('No passkeys yet.'));
      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await shown(alert.filter({ hasText: 'not known here' }));
      noProblems(problems, { 401: 3 });
      await context.close();
    });

    it('turns on two-step sign-in, asks for a code after the password, takes a recovery code once, and ends other sessions (desktop)', async () => {
      const { context, page, problems, user } = await open(VIEWPORTS.desktop);
      await signInThroughLoginPage(page, user, '/account/security');
      const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
      await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await shown(twoStep.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
      await check(page, `security-two-step-setup-desktop-${database}`);
      const secret = ((await twoStep.locator('p[aria-label^="Set-up key"]').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      await twoStep.getByLabel('Code from your app').fill(appCode(secret));
      await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const codes = twoStep.getByRole('list', { name: 'Recovery codes' });
      await shown(codes);
      const recovery = await codes.getByRole('listitem').allTextContents();
      expect(recovery).toHaveLength(10);
      await check(page, `security-recovery-codes-desktop-${database}`);
      await twoStep.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await shown(twoStep.getByText('On', { exact: true }));
      await shown(twoStep.getByText('10 of 10 recovery codes left.', { exact: false }));

      // The password alone is no longer enough: the code comes next, and no session exists before it.
      await signOut(page);
      await page.getByLabel('Username or email').fill(user.userName);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shown(page.getByRole('heading', { name: 'Two-step sign-in' }));
      await check(page, `login-second-step-desktop-${database}`);
      const good = appCode(secret, 1);
      await page.getByLabel('Code from your app').fill(good === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await shown(page.getByRole('alert').filter({ hasText: 'not right' }));
      await page.getByLabel('Code from your app').fill(good);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });

      // A recovery code instead, once.
      await signOut(page);
      await page.getByLabel('Username or email').fill(user.userName);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recovery[0]!.toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });

      // Two other devices sign in (behind the UI's back, with recovery codes as their second step).
      const elsewhere = async (code: string) => {
        const first = await apiCall<{ secondStep: { token: string } }>(server.baseUrl, '/auth/local/signin', { body: { userName: user.userName, password: user.password }, headers: { 'user-agent': FIREFOX } });
        await apiCall(server.baseUrl, '/auth/two-factor', { body: { token: first.secondStep.token, recoveryCode: code }, headers: { 'user-agent': FIREFOX } });
      };
      await elsewhere(recovery[1]!);
      await page.goto('/account/security');
      const sessions = page.getByRole('region', { name: 'Signed-in devices' });
      const firefox = sessions.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
      await shown(firefox);
      await shown(sessions.getByRole('listitem').filter({ hasText: 'This device' }).getByText(/password and recovery code/));
      await sessions.scrollIntoViewIfNeeded();
      await check(page, `security-sessions-desktop-${database}`);
      await firefox.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
      await shown(dialog);
      await dialog.getByRole('button', { name: 'Sign out device' }).click();
      await gone(firefox);

      await elsewhere(recovery[2]!);
      await elsewhere(recovery[3]!);
      await page.reload();
      await expect.poll(() => firefox.count()).toBe(2);
      await sessions.getByRole('button', { name: 'Sign out all other devices' }).click();
      const all = page.getByRole('dialog', { name: 'Sign out all other devices?' });
      await shown(all);
      await check(page, `security-sessions-end-others-desktop-${database}`);
      await all.getByRole('button', { name: 'Sign out others' }).click();
      await shown(sessions.getByText('Signed out 2 other devices.'));
      await expect(sessions.getByRole('listitem').count()).resolves.toBe(1);
      await shown(page.getByRole('region', { name: 'Two-step sign-in' }).getByText('6 of 10 recovery codes left.', { exact: false }));
      noProblems(problems, { 401: 1 });
      await context.close();
    });

    it('adds a passkey and turns two-step sign-in on and off on a phone', async () => {
      const { context, page, problems, user } = await open(VIEWPORTS.phone);
      await signInThroughLoginPage(page, user, '/account/security');
      await shown(page.getByRole('heading', { level: 1, name: 'Security' }));
      await check(page, `security-start-phone-${database}`);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByLabel('Name of the new passkey').fill('Phone');
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await shown(passkeys.getByText('Passkey added. You can sign in with it now.'));
      await check(page, `security-passkey-added-phone-${database}`);

      const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
      await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await shown(twoStep.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
      await twoStep.scrollIntoViewIfNeeded();
      await check(page, `security-two-step-setup-phone-${database}`);
      const secret = ((await twoStep.locator('p[aria-label^="Set-up key"]').textContent()) ?? '').replace(/\s/g, '');
      const first = appCode(secret);
      await twoStep.getByLabel('Code from your app').fill(first);
      await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const codes = twoStep.getByRole('list', { name: 'Recovery codes' });
      await shown(codes);
      await check(page, `security-recovery-codes-phone-${database}`);
      const recovery = await codes.getByRole('listitem').allTextContents();
      await twoStep.getByRole('button', { name: 'I have saved my recovery codes' }).click();

      // The second step on a phone, with a recovery code; then back to the page, and a reload.
      await signOut(page);
      await page.getByLabel('Username or email').fill(user.userName);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await shown(page.getByLabel('Recovery code'));
      await check(page, `login-second-step-recovery-phone-${database}`);
      await page.getByLabel('Recovery code').fill(recovery[9]!);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });
      await page.goto('/account/security');
      await page.reload();
      await shown(twoStep.getByText('9 of 10 recovery codes left.', { exact: false }));

      // Turning it off needs a current code (the one that turned it on cannot be used again).
      await twoStep.getByLabel('Current code from your app').fill(first);
      await twoStep.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
      await shown(twoStep.getByRole('alert').filter({ hasText: 'used already' }));
      await twoStep.getByLabel('Current code from your app').fill(appCode(secret, 1));
      await twoStep.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
      await shown(twoStep.getByText('Two-step sign-in is off.'));
      await shown(twoStep.getByRole('button', { name: 'Set up two-step sign-in' }));
      await check(page, `security-two-step-off-phone-${database}`);
      noProblems(problems, { 400: 1 });
      await context.close();
    });
  });
}
