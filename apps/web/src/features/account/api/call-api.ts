import type { apiRoutes, CallOptions, Fail, RouteData, RouteInput } from '@parmeta/contracts';
import { refreshSession } from '@/features/auth';
import { callRoute } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/** A failure envelope as an error: its plain-words message, machine code and field messages. */
export interface ApiFailure extends Error {
  name: 'ApiFailure';
  code: Fail['code'];
  fields: Record<string, string>;
}

// A factory rather than a subclass of Error: a module-level class is kept by the bundler
// even when unused, and this module must cost nothing to pages that do not call it.
export const apiFailure = (fail: Fail): ApiFailure => Object.assign(new Error(fail.msg), { name: 'ApiFailure' as const, code: fail.code, fields: fail.fields ?? {} });

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof Error && error.name === 'ApiFailure';

/** The field messages of a failed call, for the form that made it. */
export const serverFieldsOf = (error: unknown) => (isApiFailure(error) ? error.fields : undefined);

/**
 * The access token lives 15 minutes and the route guard renews it only on navigation, so
 * a page left open can outlive it. One renewal through the refresh cookie, then give up.
 */
export async function renewAccessToken(): Promise<boolean> {
  const tokens = await refreshSession();
  if (tokens) useSessionStore.getState().setTokens(tokens);
  return tokens !== false;
}

type Routes = typeof apiRoutes;

/**
 * Calls a route by name and answers its data; a failure becomes an ApiFailure for TanStack
 * Query. By name, through `callRoute`, so the route table loads on the first call: the
 * feature's public hooks then weigh next to nothing in the chunks that import them.
 */
export async function callApi<K extends keyof Routes>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<RouteData<Routes[K]>> {
  let result = await callRoute(name, input, options);
  if (!result.status && result.code === 'UNAUTHORIZED' && (await renewAccessToken())) result = await callRoute(name, input, options);
  if (result.status) return result.data;
  throw apiFailure(result);
}

/** What to tell the user about a failed call. */
export function failureMessage(error: unknown): string {
  if (isApiFailure(error)) {
    if (Object.keys(error.fields).length > 0) return 'Some details need your attention: see the highlighted fields.';
    return error.message;
  }
  // Other failures (a session that ended, say) carry a message written for the user too.
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The signed-in user's userName: the `user_id` every account call carries. */
export const useUserName = () => useSessionStore((s) => s.user?.userName ?? '');
