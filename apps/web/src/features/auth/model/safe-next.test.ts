import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeNextPath('/orders/A-1?tab=items#top')).toBe('/orders/A-1?tab=items#top');
  });

  it('falls back for a missing value', () => {
    expect(safeNextPath(null)).toBe('/shop');
    expect(safeNextPath('', '/')).toBe('/');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'shop'])('refuses %s', (next) => {
    expect(safeNextPath(next)).toBe('/shop');
  });

  it('round-trips through loginPathFor', () => {
    const login = new URL(loginPathFor('/nft/7?x=1'), 'http://localhost');
    expect(login.pathname).toBe('/login');
    expect(safeNextPath(login.searchParams.get('next'))).toBe('/nft/7?x=1');
  });
});
