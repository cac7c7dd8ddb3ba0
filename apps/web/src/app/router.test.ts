import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { showsMainLayoutFirst } from './layout-paths';
import { firstRoutes, mainLayout } from './router';
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
  it('shows the main layout at once exactly for the pages that use it', () => {
    const all = paths(routes).filter((path) => path !== '*');
    expect(all.length).toBeGreaterThan(20);
    for (const path of all) {
      const main = layoutOf(routes, path) === mainLayout;
      expect({ path, main: layoutOf(firstRoutes, path) === mainLayout }).toEqual({ path, main });
      // The early loader shows the header's frame from index.html on the same pages.
      expect({ path, shell: showsMainLayoutFirst(path) }).toEqual({ path, shell: main });
      expect(showsMainLayoutFirst(`${path.toUpperCase()}/`)).toBe(main);
    }
    expect(showsMainLayoutFirst('/no/such/page')).toBe(true);
  });
});
