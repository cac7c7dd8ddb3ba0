import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessibilityProblems } from './a11y.js';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** The system Chromium, headless, with everything that phones home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Saves a screenshot as e2e/artifacts/<name>.png and answers its path. The default is what
 * the viewport shows: a full-page shot would paint fixed elements (the bottom navigation)
 * in the middle of the page.
 */
/**
 * A screen a journey shows a person: checked with axe-core against WCAG 2.1 A and AA (any
 * problem fails the journey, named rule by rule), then saved as a screenshot to look at. Every
 * state a journey photographs (pages, dialogs, drawers, errors, phone and desktop) is checked.
 */
export async function checkScreen(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  const problems = await accessibilityProblems(page);
  if (problems.length > 0) throw new Error(`Accessibility problems on ${name} (${page.url()}):\n${problems.join('\n')}`);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // Finished transitions: a field turning red on blur must not be caught half-way.
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

/**
 * Records console errors, uncaught exceptions and Content-Security-Policy violations of a
 * page. Chromium reports a CSP violation as a console error starting "Refused to ...".
 */
export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(text) ? problems.cspViolations : problems.consoleErrors).push(text);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  // Belt and braces: the DOM event catches violations even if the console wording changes.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return problems;
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/**
 * A fresh browser context on `baseUrl` at this size (with touch below 768 px, as a phone), its
 * one page, and the page's problems watched: what a journey opens for each visitor.
 */
export async function openTab(browser: Browser, baseUrl: string, viewport: { width: number; height: number }): Promise<Tab> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/**
 * Counts React's commits (renders that reached the page) through the hook React calls for its
 * developer tools, which production builds call too. Add it to a context before its pages load.
 */
export const REACT_COMMIT_COUNTER = `window.__reactCommits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject() { return 1; },
  onCommitFiberRoot() { window.__reactCommits += 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };`;

/** How many times React committed while the page sat untouched for `ms` (see REACT_COMMIT_COUNTER). */
export async function commitsAtRest(page: Page, ms: number): Promise<number> {
  const count = () => page.evaluate(() => (window as unknown as { __reactCommits: number }).__reactCommits);
  const before = await count();
  await page.waitForTimeout(ms);
  return (await count()) - before;
}

/** The app's entry refused: what the page shows from its HTML alone (the early scripts, the header's frame). */
export async function refuseAppCode(page: Page): Promise<void> {
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
}

/** Holds back the files whose address matches until the returned function is called: the page as it is while they load. */
export async function holdFiles(page: Page, files: RegExp): Promise<() => void> {
  let release = () => {};
  const holding = new Promise<void>((resolve) => (release = resolve));
  await page.route(files, async (route) => {
    await holding;
    await route.continue().catch(() => {});
  });
  return release;
}
