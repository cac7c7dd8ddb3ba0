import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signInThroughLoginPage, type TestUser } from './support/accounts.js';
import { checkScreen, launchBrowser, VIEWPORTS, watchProblems, type PageProblems } from './support/browser.js';
import { JOURNEY_DATABASES, journeyDatabase, type JourneyDatabase } from './support/databases.js';
import { startServer, type RunningServer } from './support/server.js';
import { TestWallet } from './support/test-wallet.js';

const LINK_CALL = '**/api/gx/linked_wallet/link';
const shown = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
/** Every panel has loaded (nothing marked busy): the screen a person reads. */
async function settled(page: Page) {
  const busy = () => page.evaluate(() => Array.from(document.querySelectorAll('[aria-busy="true"]'), (e) => e.outerHTML.slice(0, 160)));
  const deadline = Date.now() + 10_000;
  while ((await busy()).length > 0) {
    if (Date.now() > deadline) throw new Error(`Still loading: ${(await busy()).join('\n')}`);
    await page.waitForTimeout(100);
  }
  // A dialog rising into place is checked once it stands still (its colours blend while it fades in).
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
const check = async (page: Page, name: string) => {
  await settled(page);
  await checkScreen(page, name);
};
const ZOD_EVAL_PROBE = 'Content Security Policy violation: script-src blocked eval';
/** No errors but the refusals a journey provokes (the browser logs each 4xx answer). */
const noProblems = (problems: PageProblems, refusals = 0) =>
  expect({ ...problems, cspViolations: problems.cspViolations.filter((v) => v !== ZOD_EVAL_PROBE) }).toEqual({
    consoleErrors: Array<string>(refusals).fill('Failed to load resource: the server responded with a status of 400 (Bad Request)'),
    pageErrors: [],
    cspViolations: [],
  });

/**
 * Linking a browser wallet with Sign-In with Ethereum. The wallet is a test EIP-6963 provider
 * whose signatures are real (a secp256k1 key in the test, through viem); everything else is
 * the real app: the server writes and checks the messages, the browser runs the page.
 */
for (const database of JOURNEY_DATABASES) {
  describe(`linking a wallet [${database}]`, () => {
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

    async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: PageProblems; wallet: TestWallet; user: TestUser }> {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
      const wallet = new TestWallet();
      await wallet.install(context);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const user = await createVerifiedUser(server.baseUrl, 'link');
      await signInThroughLoginPage(page, user, '/wallet');
      await shown(page.getByRole('heading', { level: 1, name: 'Wallet' }));
      return { context, page, problems, wallet, user };
    }

    /** Rewrites the next link request on its way to the server (what an attacker in the middle could send). */
    async function rewriteNextLink(page: Page, rewrite: (body: { message: string; signature: string }) => Promise<{ message: string; signature: string }>) {
      await page.route(
        LINK_CALL,
        async (route) => {
          const body = JSON.parse(route.request().postData() ?? '{}') as { message: string; signature: string };
          await route.continue({ postData: JSON.stringify(await rewrite(body)) });
        },
        { times: 1 },
      );
    }

    it('links, is refused for another domain, an expired message, another key and a replay, watches the account, offers the address for withdrawals and unlinks (desktop)', async () => {
      const { context, page, problems, wallet, user } = await open(VIEWPORTS.desktop);
      const panel = page.getByRole('region', { name: 'Linked wallet' });
      const linkButton = panel.getByRole('button', { name: 'Link Test Wallet' });
      await shown(linkButton);
      await check(page, `wallet-link-start-desktop-${database}`);
      const alert = panel.getByRole('alert');

      // A message rewritten for another site and signed with the right key: the server refuses the domain.
      await rewriteNextLink(page, async ({ message }) => {
        const forged = message.replace(/^[^ ]+ wants you/, 'evil.example wants you');
        return { message: forged, signature: await wallet.sign(forged) };
      });
      await linkButton.click();
      await shown(alert.filter({ hasText: 'written for evil.example' }));
      await check(page, `wallet-link-refused-desktop-${database}`);

      // An expired message.
      await rewriteNextLink(page, async ({ message }) => {
        const stale = message.replace(/Expiration Time: .*/, `Expiration Time: ${new Date(Date.now() - 60_000).toISOString()}`);
        return { message: stale, signature: await wallet.sign(stale) };
      });
      await linkButton.click();
      await shown(alert.filter({ hasText: 'expired' }));

      // The wallet shows one address but signs with another key.
      wallet.signer = privateKeyToAccount(generatePrivateKey());
      await linkButton.click();
      await shown(alert.filter({ hasText: 'does not come from the wallet' }));
      wallet.signer = wallet.account;

      // The real thing: linked, the checksummed address shown.
      let linked: string | undefined;
      const keep = (request: Request) => {
        if (request.url().endsWith('/api/gx/linked_wallet/link')) linked = request.postData() ?? undefined;
      };
      page.on('request', keep);
      await linkButton.click();
      await shown(page.getByRole('status').filter({ hasText: 'Wallet linked.' }));
      page.off('request', keep);
      expect(linked).toBeTruthy();
      await expect(panel.getByTestId('linked-address').textContent()).resolves.toBe(wallet.account.address);
      expect(wallet.signed.at(-1)).toMatch(/^localhost:\d+ wants you to sign in with your Ethereum account:/);
      await shown(panel.getByText('Connected'));

      // After a reload the link and the wallet's state come back.
      await page.reload();
      await shown(panel.getByTestId('linked-address'));
      await shown(panel.getByText('Connected'));
      await check(page, `wallet-linked-desktop-${database}`);

      // The wallet switches accounts: at once through accountsChanged...
      const linkedAccount = wallet.account;
      await wallet.switchTo(page, privateKeyToAccount(generatePrivateKey()));
      await shown(panel.getByText('Not the linked address'));
      await check(page, `wallet-not-linked-account-desktop-${database}`);
      // ...and, without an event, within one 12-second poll.
      await wallet.switchTo(page, linkedAccount, { tell: false });
      await shown(panel.getByText('Connected'), 15_000);

      // The linked address as the withdrawal destination.
      const actions = page.getByRole('list', { name: 'What would you like to do?' });
      await actions.getByRole('link', { name: /Withdraw par/ }).click();
      const withdraw = page.getByRole('region', { name: 'Withdraw par', exact: true });
      await withdraw.getByRole('button', { name: /Send to my linked wallet/ }).click();
      await expect(withdraw.getByLabel('Destination').inputValue()).resolves.toBe(wallet.account.address);
      await page.getByRole('link', { name: 'All actions' }).click();

      // Unlinking asks first.
      await panel.getByRole('button', { name: 'Unlink wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlink this wallet?' });
      await shown(dialog);
      await check(page, `wallet-unlink-dialog-desktop-${database}`);
      await dialog.getByRole('button', { name: 'Unlink wallet' }).click();
      await shown(page.getByRole('status').filter({ hasText: 'Wallet unlinked.' }));
      await shown(linkButton);
      await actions.getByRole('link', { name: /Withdraw par/ }).click();
      await shown(withdraw.getByLabel('Destination'));
      await expect(withdraw.getByRole('button', { name: /Send to my linked wallet/ }).count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'All actions' }).click();

      // The signed message of the first link, sent again: its nonce is used up.
      await rewriteNextLink(page, async () => JSON.parse(linked!) as { message: string; signature: string });
      await linkButton.click();
      await shown(alert);
      await expect(alert.textContent()).resolves.toMatch(/used already/);

      // Linked again, the wallet signs in instead of the password.
      await linkButton.click();
      await shown(page.getByRole('status').filter({ hasText: 'Wallet linked.' }));
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
      await page.getByRole('button', { name: 'Sign in with Test Wallet' }).click();
      await page.waitForURL((url) => url.pathname === '/shop', { timeout: 15_000 });
      await page.goto('/account/security');
      await shown(page.getByText(/Signed in with wallet/));
      expect(user.userName).toBeTruthy();
      // Another domain, expired, another key, the replay: four refusals and nothing else.
      noProblems(problems, 4);
      await context.close();
    });

    it('links on a phone', async () => {
      const { context, page, problems, wallet } = await open(VIEWPORTS.phone);
      const panel = page.getByRole('region', { name: 'Linked wallet' });
      await panel.scrollIntoViewIfNeeded();
      await check(page, `wallet-link-start-phone-${database}`);
      await panel.getByRole('button', { name: 'Link Test Wallet' }).click();
      await shown(page.getByRole('status').filter({ hasText: 'Wallet linked.' }));
      await expect(panel.getByTestId('linked-address').textContent()).resolves.toBe(wallet.account.address);
      await shown(panel.getByText('Connected'));
      await panel.scrollIntoViewIfNeeded();
      await check(page, `wallet-linked-phone-${database}`);

      // The NFT page links its ERC-721 metadata, which loads without a session, image included.
      await page.goto('/nft/1');
      const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      const link = page.getByRole('link', { name: 'Metadata (ERC-721 JSON)' });
      await link.scrollIntoViewIfNeeded();
      expect(await link.getAttribute('href')).toBe('/api/nft/1/metadata.json');
      await check(page, `nft-metadata-link-phone-${database}`);
      const metadata = (await (await fetch(`${server.baseUrl}/api/nft/1/metadata.json`)).json()) as { name: string; image: string; external_url: string; attributes: { trait_type: string }[] };
      expect(metadata.name).toBe(title);
      expect(metadata.external_url).toBe(`${server.baseUrl}/nft/1`);
      expect(metadata.attributes.length).toBeGreaterThan(0);
      const image = await fetch(metadata.image);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      noProblems(problems);
      await context.close();
    });
  });
}
