import { describe, expect, it, vi } from 'vitest';
import { GRID_IMAGE_SIZES } from '@/features/shop/model/first-screen';
import { parseShopParams } from '@/features/shop/model/parse-shop-params';
import { imageSrcSet } from '@/lib/image-variants';
import { REFRESH_LOCK, STORE_NAME, STORE_VERSION } from '@/lib/session-keys';
import type { EarlyEnv } from './early-api';
import { startLoader } from './early-loader';
import { startEarly, type EarlyPreloads } from './early-page';
import { callKey } from './handoff';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;
const TOKEN = 'early.access.jwt';
const preloads: EarlyPreloads = {
  routes: ['/assets/routes-1.js', '/assets/routes-1.css'],
  pages: { shop: ['/assets/shop-page-1.js', '/assets/shop-page-1.css'], product: ['/assets/product-page-1.js'], market: ['/assets/market-page-1.js'], myNfts: ['/assets/my-nfts-page-1.js'], wallet: ['/assets/wallet-page-1.js'] },
};
const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ image: `/demo/products/${name}.webp` }));
const answers: Record<string, unknown> = {
  'POST /api/auth/refresh': { status: true, msg: 'ok', data: { accessToken: { token: TOKEN, expire: NOW + HOUR / 4 }, refreshToken: { expire: NOW + 7 * 24 * HOUR } } },
  'POST /api/user/detail': { status: true, msg: 'ok', data: { userName: 'alice' } },
  'POST /api/ecommerce/SelProductShop': { status: true, msg: 'ok', data: { items, total: 6, page: 1, pageSize: 12, categories: [] } },
  'GET /api/ecommerce/product/50': { status: true, msg: 'ok', data: { image: '/demo/products/card.webp', images: ['/demo/products/main.webp', '/demo/products/side.webp'] } },
};

/** What the app leaves in localStorage after a sign-in: expiries and the user detail, no token. */
const signedIn = (refreshExpire = NOW + HOUR) => ({ version: STORE_VERSION, state: { token: { accessToken: { expire: null }, refreshToken: { expire: refreshExpire } }, user: { userName: 'alice' }, cart: { list: [] } } });

/** A page in a browser; `stored: null` for nothing in storage. */
function fakeBrowser(pathname: string, { search = '', stored = signedIn() as unknown, refresh = answers['POST /api/auth/refresh'] } = {}) {
  const items = new Map<string, string>();
  if (stored !== null) items.set(STORE_NAME, JSON.stringify(stored));
  const storage = { getItem: vi.fn((key: string) => items.get(key) ?? null), setItem: vi.fn(), removeItem: vi.fn() };
  const requests: { url: string; method: string; headers: Record<string, string>; body?: string; credentials?: string }[] = [];
  const added: { tag: string; attributes: Record<string, string> }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    requests.push({ url, method, headers: init.headers as Record<string, string>, body: init.body as string | undefined, credentials: init.credentials });
    const answer = url === '/api/auth/refresh' ? refresh : answers[`${method} ${url}`];
    return Promise.resolve({ json: () => Promise.resolve(answer ?? { status: false, msg: 'no', code: 'NOT_FOUND' }) } as Response);
  });
  const env: EarlyEnv = { location: { pathname, search }, storage, fetch: fetch as unknown as typeof globalThis.fetch, now: () => NOW, add: (tag, attributes) => added.push({ tag, attributes }) };
  return { env, storage, items, requests, added };
}

/** Lets every pending promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first early script (inlined in index.html)', () => {
  const run = (pathname: string) => {
    const marks: string[] = [];
    const scripts: string[] = [];
    startLoader({ pathname, mark: (name) => marks.push(name), addScript: (src) => scripts.push(src) }, '/assets/early-page-1.js');
    return { marks, scripts };
  };

  it('loads the second one on any page but the home page', () => {
    expect(run('/shop')).toEqual({ marks: [], scripts: ['/assets/early-page-1.js'] });
    expect(run('/product/5')).toEqual({ marks: [], scripts: ['/assets/early-page-1.js'] });
    expect(run('/')).toEqual({ marks: [], scripts: [] });
  });

  it('hides the header’s frame on the sign-in pages, and makes it the bare layout’s on checkout', () => {
    expect(run('/login')).toEqual({ marks: ['no-shell'], scripts: ['/assets/early-page-1.js'] });
    expect(run('/Checkout/')).toEqual({ marks: ['bare-shell'], scripts: ['/assets/early-page-1.js'] });
  });
});

describe('the second early script', () => {
  it('does nothing without a session, or on the home page', async () => {
    for (const browser of [fakeBrowser('/shop', { stored: null }), fakeBrowser('/shop', { stored: signedIn(NOW) }), fakeBrowser('/')]) {
      const start = startEarly(browser.env, preloads);
      await settle();
      expect(start).toEqual({ calls: {} });
      expect(browser.requests).toEqual([]);
      expect(browser.added).toEqual([]);
    }
  });

  it('preloads the route, renews the session as the app does, then makes the page’s first calls with the new token', async () => {
    const browser = fakeBrowser('/shop', { search: '?category=books&page=2' });
    const start = startEarly(browser.env, preloads);
    expect(browser.added).toEqual([
      { tag: 'link', attributes: { rel: 'modulepreload', href: '/assets/routes-1.js' } },
      { tag: 'link', attributes: { rel: 'preload', as: 'style', href: '/assets/routes-1.css', crossorigin: '', fetchpriority: 'low' } },
      { tag: 'link', attributes: { rel: 'modulepreload', href: '/assets/shop-page-1.js' } },
      { tag: 'link', attributes: { rel: 'preload', as: 'style', href: '/assets/shop-page-1.css', crossorigin: '', fetchpriority: 'low' } },
    ]);
    await settle();

    const [refresh, ...calls] = browser.requests;
    // The renewal: the cookie and the CSRF header, never a bearer (the API would take it for the refresh token).
    expect(refresh).toEqual({ url: '/api/auth/refresh', method: 'POST', headers: { 'x-requested-with': 'parmeta-web', 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' });
    const filter = parseShopParams(new URLSearchParams('?category=books&page=2'));
    expect(calls).toEqual([
      { url: '/api/user/detail', method: 'POST', headers: { 'x-requested-with': 'parmeta-web', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'alice' }), credentials: 'same-origin' },
      { url: '/api/ecommerce/SelProductShop', method: 'POST', headers: { 'x-requested-with': 'parmeta-web', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(filter), credentials: 'same-origin' },
    ]);
    // The answers, by the calls the app makes (the same route names and inputs).
    expect(Object.keys(start.calls)).toEqual([callKey('userDetail', { body: { user_id: 'alice' } }), callKey('shopProducts', { body: filter })]);
    await expect(start.renewal).resolves.toEqual(answers['POST /api/auth/refresh']);
    // Then the first screen's images, as the grid shows them (EAGER_CARDS).
    expect(browser.added.slice(4)).toEqual(
      items.slice(0, 4).map(({ image }) => ({ tag: 'link', attributes: { rel: 'preload', as: 'image', href: image, fetchpriority: 'high', imagesrcset: imageSrcSet(image), imagesizes: GRID_IMAGE_SIZES } })),
    );
  });

  it('preloads a member page’s modules too, with no data call of its own', async () => {
    const browser = fakeBrowser('/wallet/');
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(browser.added).toEqual([
      { tag: 'link', attributes: { rel: 'modulepreload', href: '/assets/routes-1.js' } },
      { tag: 'link', attributes: { rel: 'preload', as: 'style', href: '/assets/routes-1.css', crossorigin: '', fetchpriority: 'low' } },
      { tag: 'link', attributes: { rel: 'modulepreload', href: '/assets/wallet-page-1.js' } },
    ]);
    expect(Object.keys(start.calls)).toEqual([callKey('userDetail', { body: { user_id: 'alice' } })]);
  });

  it('never writes to storage: the token stays in memory', async () => {
    const browser = fakeBrowser('/product/50');
    const before = new Map(browser.items);
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(browser.storage.setItem).not.toHaveBeenCalled();
    expect(browser.storage.removeItem).not.toHaveBeenCalled();
    expect(browser.items).toEqual(before);
    expect([...browser.items.values()].join()).not.toContain(TOKEN);
    expect(browser.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/refresh', 'POST /api/user/detail', 'GET /api/ecommerce/product/50']);
    expect(Object.keys(start.calls)).toContain(callKey('productDetail', { params: { id: 50 } }));
    expect(browser.added.at(-1)).toEqual({ tag: 'link', attributes: { rel: 'preload', as: 'image', href: '/demo/products/main.webp', fetchpriority: 'high' } });
  });

  it('neither asks for a product that came with the page nor preloads its picture, but still loads the page’s code', async () => {
    const browser = fakeBrowser('/product/50');
    browser.env.firstData = { name: 'productDetail', id: 50, data: { image: '/demo/products/card.webp', images: [] } };
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(browser.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/refresh', 'POST /api/user/detail']);
    expect(Object.keys(start.calls)).not.toContain(callKey('productDetail', { params: { id: 50 } }));
    expect(browser.added.map((a) => a.attributes.href)).toContain('/assets/product-page-1.js');
    expect(browser.added.some((a) => a.attributes.as === 'image')).toBe(false);
    // Another product's data: this one is asked for as before.
    const other = fakeBrowser('/product/50');
    other.env.firstData = { name: 'productDetail', id: 51, data: {} };
    startEarly(other.env, preloads);
    await settle();
    expect(other.requests.map((r) => r.url)).toContain('/api/ecommerce/product/50');
  });

  it('asks for neither a bare /shop’s nor a bare /market’s first page when it came with the page, nor preloads its pictures', async () => {
    for (const [pathname, name, page] of [['/shop', 'shopProducts', 'shop-page'], ['/market/', 'marketProducts', 'market-page']] as const) {
      const browser = fakeBrowser(pathname);
      browser.env.firstData = { name, id: 0, data: { items: [{ image: '/demo/products/card.webp' }] } };
      const start = startEarly(browser.env, preloads);
      await settle();
      expect(browser.requests.map((r) => `${r.method} ${r.url}`), pathname).toEqual(['POST /api/auth/refresh', 'POST /api/user/detail']);
      expect(Object.keys(start.calls).some((key) => key.startsWith(`${name} `)), pathname).toBe(false);
      expect(browser.added.map((a) => a.attributes.href)).toContain(`/assets/${page}-1.js`);
      expect(browser.added.some((a) => a.attributes.as === 'image')).toBe(false);
    }
    // The shop's data on the market's address: the market is asked for as before.
    const other = fakeBrowser('/market');
    other.env.firstData = { name: 'shopProducts', id: 0, data: { items: [] } };
    startEarly(other.env, preloads);
    await settle();
    expect(other.requests.map((r) => r.url)).toContain('/api/gx/market_products');
  });

  it('holds its preloads and calls until a first screen painted with pictures has shown, with the calls the app will take named at once', async () => {
    const browser = fakeBrowser('/product/50');
    let shown: (value?: unknown) => void = () => {};
    browser.env.firstData = { name: 'productDetail', id: 50, data: { image: '/demo/products/card.webp', images: [] } };
    browser.env.firstScreen = new Promise((resolve) => (shown = resolve));
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(browser.requests).toEqual([]);
    expect(browser.added).toEqual([]);
    expect(Object.keys(start.calls)).toEqual([callKey('userDetail', { body: { user_id: 'alice' } })]);
    shown();
    await settle();
    expect(browser.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/refresh', 'POST /api/user/detail']);
    expect(browser.added.map((a) => a.attributes.href)).toContain('/assets/product-page-1.js');
    await expect(start.calls[callKey('userDetail', { body: { user_id: 'alice' } })]).resolves.toMatchObject({ status: true });
  });

  it('renews under the cross-tab lock, and asks nothing if another tab ended the session meanwhile', async () => {
    const held: string[] = [];
    const browser = fakeBrowser('/orders');
    browser.env.locks = {
      request: vi.fn(async (name: string, callback: () => unknown) => {
        held.push(name);
        // Another tab signed out while this one waited for the lock.
        browser.items.delete(STORE_NAME);
        return await callback();
      }) as unknown as LockManager['request'],
    };
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(held).toEqual([REFRESH_LOCK]);
    expect(browser.requests).toEqual([]);
    await expect(start.renewal).resolves.toBeNull();
    await expect(start.calls[callKey('userDetail', { body: { user_id: 'alice' } })]).resolves.toBeNull();
  });

  it('makes no other call when the renewal is refused', async () => {
    const browser = fakeBrowser('/shop', { refresh: { status: false, msg: 'Your session has ended.', code: 'UNAUTHORIZED' } });
    const start = startEarly(browser.env, preloads);
    await settle();
    expect(browser.requests.map((r) => r.url)).toEqual(['/api/auth/refresh']);
    for (const answer of Object.values(start.calls)) await expect(answer).resolves.toBeNull();
  });
});
