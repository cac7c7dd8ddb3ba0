import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { apiCall, mailTo } from './api.js';

export interface TestUser {
  userName: string;
  email: string;
  password: string;
  fullName: string;
}

/**
 * A new user as the product makes one: sign-up, the verification mail from the local
 * outbox (GET /api/dev/mail), and the link's signature used up. Answers the credentials.
 */
export async function createVerifiedUser(baseUrl: string, prefix = 'e2e', fullName = 'Ada Collector'): Promise<TestUser> {
  const id = randomBytes(4).toString('hex');
  const user: TestUser = {
    userName: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.test`,
    password: `correct horse battery ${id} staple`,
    fullName,
  };
  await apiCall(baseUrl, '/auth/local/signup', { body: user });
  const mail = await mailTo(baseUrl, user.email);
  const link = /\?signature=([^\s&"'<>]+)/.exec(mail[0]?.text ?? '');
  if (!link?.[1]) throw new Error(`No verification link in the mail to ${user.email}`);
  await apiCall(baseUrl, '/sendgrid/verify', { body: { signature: decodeURIComponent(link[1]) } });
  return user;
}

/** Signs in through the /login page, as a person would, and waits for the page it leads to. */
export async function signInThroughLoginPage(page: Page, user: TestUser, next = '/'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username or email').fill(user.userName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === next, { timeout: 15_000 });
}
