import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/home';
import { AUTH_LAYOUT_PATHS, BARE_LAYOUT_PATHS } from './layout-paths';
import { BareLayout } from './layouts/bare-layout';
import { LayoutRoute } from './layouts/layout-route';
import { MainLayout } from './layouts/main-layout';
import { ProgressBarView } from './progress-bar';
import { Discovering, type RouteHandle } from './routing/app-router';

/** The main layout's route element, the same in both tables so the layout stays when the full table arrives. */
export const mainLayout = <LayoutRoute layout={MainLayout} />;
/** The bare layout's (checkout), likewise: its header shows with the first load, as the HTML's frame did. */
export const bareLayout = <LayoutRoute layout={BareLayout} />;
export const homeRoute: RouteObject = { path: '/', element: <HomePage /> };

const loadRoutes = async () => (await import('./routes')).routes;

/**
 * What the first load knows: the home page. Any other address loads the full route table
 * (routes.tsx, with the guards and every page's loader) before it goes on: the home page does
 * not carry the rest of the app's map. Meanwhile a page of the main layout shows the layout
 * (with the progress bar until the page is ready), checkout the bare layout's header, and the
 * sign-in pages only the progress bar.
 */
export const firstRoutes: RouteObject[] = [
  { element: mainLayout, children: [homeRoute, { path: '*', element: <Discovering />, handle: { routes: loadRoutes } satisfies RouteHandle }] },
  { element: bareLayout, children: BARE_LAYOUT_PATHS.map((path): RouteObject => ({ path, element: <Discovering />, handle: { routes: loadRoutes } satisfies RouteHandle })) },
  ...AUTH_LAYOUT_PATHS.map((path): RouteObject => ({ path, element: <ProgressBarView />, handle: { routes: loadRoutes } satisfies RouteHandle })),
];
