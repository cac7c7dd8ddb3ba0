import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// React Router's own, to compare with: the test is not part of the bundle.
// eslint-disable-next-line no-restricted-imports
import { MemoryRouter, NavLink as RouterNavLink, useSearchParams as useRouterSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParams } from '@/lib/search-params';
import { isPlainClick, Link, NavLink } from './link';

const at = (entry: string, node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>);
const attributes = (html: string) => ({ href: /href="([^"]*)"/.exec(html)?.[1], current: /aria-current="([^"]*)"/.exec(html)?.[1] ?? null });

describe("the app's links, against React Router's own", () => {
  const cases: [string, string, boolean][] = [
    ['/', '/', true],
    ['/shop', '/', true],
    ['/shop', '/', false],
    ['/shop', '/shop', false],
    ['/shop/', '/shop', false],
    ['/SHOP', '/shop', true],
    ['/shopping', '/shop', false],
    ['/admin/finance/daily', '/admin/finance', false],
    ['/admin/finance/daily', '/admin/finance', true],
    ['/admin/finance/daily', '/admin/finance/', false],
    ['/admin', '/admin/', false],
    ['/orders?page=2', 'orders', false],
  ];
  it.each(cases)('at %s, a NavLink to %s (end %s) has the same href and aria-current', (entry, to, end) => {
    const ours = attributes(at(entry, <NavLink to={to} end={end}>x</NavLink>));
    const theirs = attributes(at(entry, <RouterNavLink to={to} end={end}>x</RouterNavLink>));
    expect(ours).toEqual(theirs);
  });

  it('renders a plain anchor with the resolved href and the other props', () => {
    const html = at('/orders', <Link to="/orders/7/receipt?print=1" className="c" aria-label="Receipt">r</Link>);
    expect(html).toBe('<a class="c" aria-label="Receipt" href="/orders/7/receipt?print=1">r</a>');
  });

  it('handles only a plain left click in the same tab', () => {
    const click = (over: Partial<Record<'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey', number | boolean>>) =>
      ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...over }) as unknown as Parameters<typeof isPlainClick>[0];
    expect(isPlainClick(click({}), undefined)).toBe(true);
    expect(isPlainClick(click({}), '_self')).toBe(true);
    expect(isPlainClick(click({}), '_blank')).toBe(false);
    expect(isPlainClick(click({ button: 1 }), undefined)).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(isPlainClick(click({ [key]: true }), undefined)).toBe(false);
  });
});

describe('useSearchParams', () => {
  function Show({ use }: { use: () => [URLSearchParams, unknown] }) {
    const [params] = use();
    return <output>{[...params].map(([k, v]) => `${k}=${v}`).join('&')}</output>;
  }
  it('reads the query as React Router does', () => {
    for (const entry of ['/shop', '/shop?q=steel&page=2', '/shop?tag=a&tag=b&empty=', '/shop?q=a%20b+c']) {
      expect(at(entry, <Show use={useSearchParams} />)).toBe(at(entry, <Show use={useRouterSearchParams} />));
    }
  });
});
