import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/home';
import { LayoutRoute } from './layouts/layout-route';
import { MainLayout } from './layouts/main-layout';
import { ProgressBarView } from './progress-bar';
import type { RouteHandle } from './routing/app-router';

/** The main layout's route element, the same in both tables so the layout stays when the full table arrives. */
export const mainLayout = <LayoutRoute layout={MainLayout} />;
export const homeRoute: RouteObject = { path: '/', element: <HomePage /> };

/**
 * What the first load knows: the home page. Any other address loads the full route table
 * (routes.tsx, with the guards and every page's loader) before it goes on: the home page
 * does not carry the rest of the app's map.
 */
export const firstRoutes: RouteObject[] = [
  { element: mainLayout, children: [homeRoute] },
  { path: '*', element: <ProgressBarView />, handle: { routes: async () => (await import('./routes')).routes } satisfies RouteHandle },
];
