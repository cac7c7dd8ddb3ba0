import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstShell } from './layout-paths';
import { bareLayout, firstRoutes, mainLayout } from './router';
import { routes } from './routes';

/** Every path the full table routes to a page, with its params filled in. */
function paths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const own = route.path !== undefined || route.index ? [path.replace(/:[^/]+/g, '1')] : [];
    return [...own, ...paths(route.children ?? [], path)];
  });
}

const layoutOf = (list: RouteObject[], path: string) => matchRoutes(list, path)?.[0]?.route.element;

describe('the first load route table', () => {
  it('shows the main layout, or checkout’s bare layout, at once exactly for the pages that use it', () => {
    const all = paths(routes).filter((path) => path !== '*');
    expect(all.length).toBeGreaterThan(20);
    for (const path of all) {
      const layout = layoutOf(routes, path);
      const shell = layout === mainLayout ? 'main' : layout === bareLayout ? 'bare' : 'none';
      const first = layoutOf(firstRoutes, path);
      expect({ path, first: first === mainLayout ? 'main' : first === bareLayout ? 'bare' : 'none' }).toEqual({ path, first: shell });
      // The early loader shows the same header's frame from index.html.
      expect({ path, shell: firstShell(path) }).toEqual({ path, shell });
      expect(firstShell(`${path.toUpperCase()}/`)).toBe(shell);
    }
    expect(firstShell('/no/such/page')).toBe('main');
    expect(firstShell('/checkout')).toBe('bare');
  });
});
