import type { CallOptions, Envelope, ErrorCode, Fail, RouteData, RouteDef, RouteInput } from '@parmeta/contracts';
import { refreshSession } from '@/features/auth';
import { apiClient, callRoute } from '@/lib/api-client';
import type { apiRoutes } from '@/lib/api-routes';
import { useSessionStore } from '@/lib/session-store';

// The call path of features/account/api/call-api.ts, by route name. It belongs in lib/
// (shared by every feature); until it moves there, the shop's features use this one.
//
// Why by name (callRoute) rather than `apiClient.call(apiRoutes.x)`: the cart, checkout and
// orders share hooks through their public index, which the router imports, so the bundler
// places those modules in the entry chunk. Through callRoute they do not bring the route
// table and every zod schema (~30 kB gzip) into the first load; the table is fetched on
// the first call (the session check has usually fetched it already).

type Routes = typeof apiRoutes;
export type RouteName = keyof Routes;

/** A failure envelope as an error: its plain-words message, machine code and field messages. */
export interface ApiFailure extends Error {
  name: 'ApiFailure';
  code: Fail['code'];
  fields: Record<string, string>;
}

const apiFailure = (fail: Fail): ApiFailure => Object.assign(new Error(fail.msg), { name: 'ApiFailure' as const, code: fail.code, fields: fail.fields ?? {} });

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof Error && error.name === 'ApiFailure';

/** True when the call failed with this machine code (e.g. 'NOT_FOUND', 'OUT_OF_STOCK'). */
export const failedWith = (error: unknown, code: ErrorCode | 'NETWORK') => isApiFailure(error) && error.code === code;

/** The access token lives 15 minutes; a page left open can outlive it. Renew once through the refresh cookie. */
async function renewAccessToken(): Promise<boolean> {
  const tokens = await refreshSession();
  if (tokens) useSessionStore.getState().setTokens(tokens);
  return tokens !== false;
}

/**
 * Calls a route and answers its data; a failure becomes an ApiFailure for TanStack Query.
 * By name for modules that other features reach through an index (see above); a route
 * definition from `apiRoutes` works too, for code that only lazy pages load.
 */
export async function callApi<K extends RouteName>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<RouteData<Routes[K]>>;
export async function callApi<R extends RouteDef>(route: R, input: RouteInput<R>, options?: CallOptions): Promise<RouteData<R>>;
export async function callApi(route: RouteName | RouteDef, input: unknown, options?: CallOptions): Promise<unknown> {
  // The overloads above type the input; here it is passed through as given.
  const send = (): Promise<Envelope<unknown>> => (typeof route === 'string' ? callRoute(route, input as never, options) : apiClient.call(route, input as never, options));
  let result = await send();
  // A call made without a token (a public one, the gateway) has nothing to renew.
  const authenticated = typeof route === 'string' ? options?.token !== null : route.auth;
  if (!result.status && result.code === 'UNAUTHORIZED' && authenticated && (await renewAccessToken())) result = await send();
  if (result.status) return result.data;
  throw apiFailure(result);
}

/** What to tell the user about a failed call, in plain words. */
export function failureMessage(error: unknown): string {
  if (isApiFailure(error)) {
    if (Object.keys(error.fields).length > 0) return 'Some details need your attention: see the highlighted fields.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
