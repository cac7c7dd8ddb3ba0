import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/home';
import { OTHER_LAYOUT_PATHS } from './layout-paths';
import { LayoutRoute } from './layouts/layout-route';
import { MainLayout } from './layouts/main-layout';
import { ProgressBarView } from './progress-bar';
import { Discovering, type RouteHandle } from './routing/app-router';

/** The main layout's route element, the same in both tables so the layout stays when the full table arrives. */
export const mainLayout = <LayoutRoute layout={MainLayout} />;
export const homeRoute: RouteObject = { path: '/', element: <HomePage /> };

const loadRoutes = async () => (await import('./routes')).routes;

/**
 * What the first load knows: the home page. Any other address loads the full route table
 * (routes.tsx, with the guards and every page's loader) before it goes on: the home page does
 * not carry the rest of the app's map. Meanwhile a page of the main layout shows the layout
 * (with the progress bar until the page is ready); the few others only the progress bar.
 */
export const firstRoutes: RouteObject[] = [
  { element: mainLayout, children: [homeRoute, { path: '*', element: <Discovering />, handle: { routes: loadRoutes } satisfies RouteHandle }] },
  ...OTHER_LAYOUT_PATHS.map((path): RouteObject => ({ path, element: <ProgressBarView />, handle: { routes: loadRoutes } satisfies RouteHandle })),
];
