import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomePage } from '@/features/home';
import { HomeActions } from '@/features/home/pages/home-page';
import { NOW, paint, sameIds, sortedAttributes } from './paint-kit.test-support';

/** As React's markup and the fake elements' compare: attributes in one order, SVG's as HTML names them, no closing tags React leaves out. */
const comparable = (markup: string) =>
  sortedAttributes(
    sameIds(
      markup
        .replace(/ ([a-zA-Z-]+)="/g, (_, name: string) => ` ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="`)
        .replace(/ view-box="/g, ' viewBox="')
        .replace(/<(path|rect)([^>]*)\/>/g, '<$1$2></$1>'),
    ),
  );

/**
 * The home page as the app renders it, its <main>'s content: for a visitor (the server renderer
 * reads the store's initial state, signed out), or with a member's way in (HomeActions).
 */
function homeMarkup(signedIn: boolean): string {
  const inRouter = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
  const visitor = inRouter(<HomePage />);
  return signedIn ? visitor.replace(inRouter(<HomeActions signedIn={false} />), () => inRouter(<HomeActions signedIn />)) : visitor;
}

describe('index.html’s first screen of the home page (early-home.ts)', () => {
  it('paints the hero, the three cards and the featured slot as the page renders them, for a visitor: sign up and sign in', () => {
    const { painted, html } = paint('/', { page: 'home', refreshExpire: null });
    expect(painted).toBe(true);
    expect(comparable(html)).toBe(comparable(`<main class="container">${homeMarkup(false)}</main>`));
    expect(html).toContain('<a class="btn btn-primary btn-lg" href="/signup">Sign up</a><a class="btn btn-secondary btn-lg" href="/login">Sign in</a>');
  });

  it('paints the way to the shop for a member with a live stored session, as the page does', () => {
    const { html } = paint('/', { page: 'home', refreshExpire: NOW + 60_000 });
    expect(comparable(html)).toBe(comparable(`<main class="container">${homeMarkup(true)}</main>`));
    expect(html).toContain('<a class="btn btn-primary btn-lg" href="/shop">Go to the shop</a>');
    expect(paint('/', { page: 'home', refreshExpire: NOW - 1 }).html).toContain('Sign up');
  });

  it('paints only at the home page’s address: index.html is every address’s page on a static host', () => {
    for (const path of ['/shop', '/login', '/wallet', '/index.html']) expect(paint(path, { page: 'home' })).toEqual({ painted: false, html: '' });
  });
});
