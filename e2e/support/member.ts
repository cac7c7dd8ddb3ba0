/** A member's money and orders set up behind the UI's back (as they would be after earlier visits), and a check of what a screen shows. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { testCardToken } from './admin.js';
import { apiCall } from './api.js';
import type { TestUser } from './accounts.js';
import { placeOrder } from './shop-user.js';
import type { PageProblems } from './browser.js';

/** Par on the member's balance, bought by card through the gateway as the wallet does. */
export async function topUpPar(baseUrl: string, token: string, amount: number): Promise<void> {
  const { accessToken } = await apiCall<{ accessToken: string }>(baseUrl, '/gx/AuthToken', { token, body: {} });
  const cardToken = await testCardToken(baseUrl);
  await apiCall(baseUrl, '/gx/GenerateOrderFiat', { token, body: { type: 'topup', amount, cardToken }, headers: { 'x-payment-token': accessToken } });
}

/** An order placed and paid with par. */
export async function paidOrder(baseUrl: string, user: TestUser, token: string, list: { id: number; qty: number }[]): Promise<string> {
  const { orderNo } = await placeOrder(baseUrl, user, token, list);
  await apiCall(baseUrl, '/ecommerce/paid_order', { token, body: { orderNo, method: 'par' } });
  return orderNo;
}

/**
 * Whether the element is wholly on screen, below the header and above the bottom navigation
 * where there is one (phones): what a person sees without scrolling.
 */
export async function whollyInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const nav = page.getByRole('navigation', { name: 'Bottom navigation' });
  const navTop = (await nav.isVisible()) ? ((await nav.boundingBox())?.y ?? viewport.height) : viewport.height;
  return box.y >= 0 && box.y + box.height <= navTop + 0.5;
}

/** Console errors other than the refusals a journey provokes on purpose (Chromium logs every 4xx), no page errors, no CSP violations. */
export function noProblems(problems: PageProblems, expectedStatuses: number[] = []) {
  const expected = new RegExp(`status of (${expectedStatuses.join('|') || 'none'})`);
  expect({ ...problems, consoleErrors: problems.consoleErrors.filter((text) => !expected.test(text)) }).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}

export const PHONE = { width: 390, height: 844 } as const;
/** The desktop width the issue names (the older journeys use 1440). */
export const DESKTOP = { width: 1280, height: 800 } as const;
