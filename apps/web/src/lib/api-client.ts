import { createClient, CSRF_HEADER, CSRF_HEADER_VALUE, type CallOptions, type Envelope, type RouteData, type RouteInput } from '@parmeta/contracts';
import { routeOf, type RouteName, type Routes } from './api-routes';
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

/**
 * One call by route name, answering the envelope as it is (a refusal is an answer, not an
 * exception): sign-in, sign-up and the session's own calls, which must not go through the
 * session check of `callApi`.
 */
export function callRoute<K extends RouteName>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<Envelope<RouteData<Routes[K]>>> {
  return apiClient.call(routeOf(name), input, options);
}
