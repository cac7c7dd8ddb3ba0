import type { CallOptions, RouteData, RouteDef, RouteInput } from '@parmeta/contracts';
import { ensureSession, refreshSession, SessionEndedError } from '@/features/auth';
import { apiClient } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/** A failure envelope as an error, for TanStack Query: plain-words message, machine code, field messages. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * Sends a call and answers its success envelope. Protected calls first run the session
 * check (a page left open can outlive the 15-minute access token), and a refusal for an
 * expired token is renewed once through the refresh cookie. An aborted call throws AbortError.
 */
export async function callForMessage<R extends RouteDef>(route: R, input: RouteInput<R>, options?: CallOptions): Promise<{ msg: string; data: RouteData<R> }> {
  if (route.auth && !(await ensureSession())) throw new SessionEndedError();
  let result = await apiClient.call(route, input, options);
  if (!result.status && result.code === 'UNAUTHORIZED' && route.auth) {
    const tokens = await refreshSession();
    if (!tokens) throw new SessionEndedError();
    useSessionStore.getState().setTokens(tokens);
    result = await apiClient.call(route, input, options);
  }
  if (result.status) return { msg: result.msg, data: result.data };
  throw new ApiFailure(result.code, result.msg, result.fields);
}

/** As callForMessage, answering the data only (queries). */
export const callApi = async <R extends RouteDef>(route: R, input: RouteInput<R>, options?: CallOptions): Promise<RouteData<R>> =>
  (await callForMessage(route, input, options)).data;

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** What to tell the user about a failed call, in plain words. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiFailure || error instanceof SessionEndedError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The signed-in user's userName (the user slice of the store). */
export const useUserName = () => useSessionStore((s) => s.user?.userName ?? '');
