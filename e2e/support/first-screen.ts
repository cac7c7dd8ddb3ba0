import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { holdFiles, refuseAppCode, watchProblems } from './browser.js';

/** A grid page (the shop, the market) whose first screen comes with its HTML (list.html, docs/decisions/0099). */
export interface GridFirstScreen {
  path: string;
  /** What the page's first screen shows, in the order compared: heading, count, first picture, a card's name. */
  selectors: string[];
  /** The page's own code, held back while the layout keeps what the HTML painted. */
  pageCode: RegExp;
  /** The page's first call, which the HTML answered: never made. */
  call: RegExp;
  /** Shown once the page itself (not what the HTML painted) is on screen: one of its controls. */
  pageShown(page: Page): Promise<void>;
  /** What the HTML alone must show beyond the boxes (the count's words, the cards). */
  checkEarly(page: Page): Promise<void>;
}

const boxesOf = (page: Page, selectors: string[]) => Promise.all(selectors.map((selector) => page.locator(selector).first().boundingBox()));
const firstPictureLoaded = (page: Page, selectors: string[]) => page.locator(selectors[2] ?? 'img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/**
 * In a signed-in browser: the page as the app shows it, then the HTML alone (the app's code
 * refused), then the app running with the page's code held back and released. The first screen's
 * boxes are the same every time, and the page never asks for what came with its HTML.
 */
export async function expectGridFirstScreen(context: BrowserContext, grid: GridFirstScreen): Promise<void> {
  const { path, selectors } = grid;
  const shown = await context.newPage();
  const shownProblems = watchProblems(shown);
  await shown.goto(path);
  await grid.pageShown(shown);
  await expect.poll(() => firstPictureLoaded(shown, selectors)).toBe(true);
  const final = await boxesOf(shown, selectors);
  expect(final.every((box) => box !== null && box.width > 0), path).toBe(true);
  await shown.close();
  expect(shownProblems, path).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });

  const early = await context.newPage();
  await refuseAppCode(early);
  await early.goto(path);
  await grid.checkEarly(early);
  await expect.poll(() => firstPictureLoaded(early, selectors)).toBe(true);
  expect(await boxesOf(early, selectors), `${path}, the HTML alone`).toEqual(final);
  await early.close();

  const held = await context.newPage();
  const heldProblems = watchProblems(held);
  const calls: string[] = [];
  held.on('request', (request: Request) => {
    if (grid.call.test(new URL(request.url()).pathname)) calls.push(request.url());
  });
  const release = await holdFiles(held, grid.pageCode);
  await held.goto(path);
  await held.locator('header a[href="/"]').waitFor({ state: 'visible', timeout: 10_000 });
  expect(await boxesOf(held, selectors), `${path}, the page's code held back`).toEqual(final);
  release();
  await grid.pageShown(held);
  expect(await boxesOf(held, selectors), `${path}, the page shown`).toEqual(final);
  expect(calls, `${path}: no call for what came with the HTML`).toEqual([]);
  await held.close();
  expect(heldProblems, `${path}, held`).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}
