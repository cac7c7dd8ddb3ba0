import { createClient, CSRF_HEADER, CSRF_HEADER_VALUE, type CallOptions, type Envelope, type RouteData, type RouteInput } from '@parmeta/contracts';
import type { apiRoutes } from './api-routes';
import { useSessionStore } from './session-store';

/**
 * The one API client of the web app. Same origin: the API serves this app, so the
 * httpOnly refresh cookie travels with `credentials: 'same-origin'`; the CSRF header
 * marks every call as coming from our own scripts.
 */
export const apiClient = createClient({
  baseUrl: '/api',
  credentials: 'same-origin',
  headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  getAccessToken: () => useSessionStore.getState().token.accessToken.token,
});

type Routes = typeof apiRoutes;

/**
 * `apiClient.call(apiRoutes[name], ...)` for code that sits in the entry chunk (the
 * session check, sign-out, the user detail): the route table is imported on the first
 * call instead of weighing on the first paint of every page.
 */
export async function callRoute<K extends keyof Routes>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<Envelope<RouteData<Routes[K]>>> {
  const { apiRoutes: routes } = await import('./api-routes');
  return apiClient.call<Routes[K]>(routes[name], input, options);
}
