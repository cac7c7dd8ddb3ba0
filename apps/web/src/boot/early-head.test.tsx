import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '@/components/ui';
import { PAGE_HEADS, pageHeadAt } from '@/lib/page-heads';
import { STORE_NAME, STORE_VERSION } from '@/lib/session-keys';
import { paintHead } from './early-head';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;

/** An element as the script builds it, written out as HTML (text escaped as the browser would). */
interface FakeElement {
  tag: string;
  className: string;
  textContent: string | null;
  children: FakeElement[];
  append(...children: FakeElement[]): void;
}
const fakeElement = (tag: string): FakeElement => {
  const made: FakeElement = { tag, className: '', textContent: null, children: [], append: (...children) => made.children.push(...children) };
  return made;
};
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const html = (e: FakeElement): string => `<${e.tag}${e.className ? ` class="${e.className}"` : ''}>${e.textContent === null ? e.children.map(html).join('') : escape(e.textContent)}</${e.tag}>`;

function paint(pathname: string, { refreshExpire = NOW + HOUR as number | null, version = STORE_VERSION } = {}) {
  const root = fakeElement('div');
  const stored = JSON.stringify({ version, state: { token: { accessToken: { expire: null }, refreshToken: { expire: refreshExpire } }, user: { userName: 'alice' } } });
  const painted = paintHead({
    pathname,
    storage: { getItem: (key) => (key === STORE_NAME ? stored : null) },
    now: () => NOW,
    root: root as unknown as Element,
    create: (tag) => fakeElement(tag) as unknown as HTMLElement,
  });
  return { painted, html: root.children.map(html).join('') };
}

describe('the early page header (page.html, inside #root)', () => {
  it('paints a member page’s fixed header exactly as the layout and the page render it', () => {
    for (const [path, head] of Object.entries(PAGE_HEADS)) {
      const { painted, html: early } = paint(path);
      expect(painted).toBe(true);
      // The same elements and classes as PageHeader inside the main layout's <main class="container ...">.
      expect(early).toBe(`<main class="container">${renderToStaticMarkup(<PageHeader title={head.title} description={head.description} />)}</main>`);
    }
  });

  it('matches the address as the router does: any case, an optional trailing slash', () => {
    expect(paint('/Wallet/').html).toContain('<h1 class="page-header-title">Wallet</h1>');
    expect(paint('/account/security/').painted).toBe(true);
    expect(pageHeadAt('/account/security')).toBe(PAGE_HEADS['/account/security']);
  });

  it('paints nothing on a page without a fixed header', () => {
    for (const path of ['/', '/shop', '/product/12', '/wallet/history', '/admin', '/checkout', '/login', '/toString', '/constructor']) expect(paint(path)).toEqual({ painted: false, html: '' });
  });

  it('paints nothing without a live stored session: the visitor is on the way to the sign-in page', () => {
    expect(paint('/wallet', { refreshExpire: null }).painted).toBe(false);
    expect(paint('/wallet', { refreshExpire: NOW - 1 }).painted).toBe(false);
    expect(paint('/wallet', { version: STORE_VERSION + 1 }).painted).toBe(false);
    const refused = paintHead({ pathname: '/wallet', storage: null, now: () => NOW, root: fakeElement('div') as unknown as Element, create: (tag) => fakeElement(tag) as unknown as HTMLElement });
    expect(refused).toBe(false);
  });
});
