import type { CallOptions, Envelope, ErrorCode, Fail, RouteData, RouteInput } from '@parmeta/contracts';
import { takeEarlyAnswer } from '@/boot/handoff';
import { apiClient } from './api-client';
import { catalogOpen } from './catalog-access';
import { routeOf, type RouteName, type Routes } from './api-routes';
import { useSessionStore } from './session-store';

// The one call path of the web app: a route called by name (see api-routes.ts), the session
// kept alive around it, and a failure envelope turned into an error for TanStack Query.

export type { RouteName } from './api-routes';

/** A failure envelope as an error: its plain-words message, machine code and field messages. */
export interface ApiFailure extends Error {
  name: 'ApiFailure';
  code: Fail['code'];
  fields: Record<string, string>;
}

// A factory rather than a subclass of Error: a module-level class is kept by the bundler
// even when unused, and this module sits in the entry chunk.
export const apiFailure = (fail: Fail): ApiFailure => Object.assign(new Error(fail.msg), { name: 'ApiFailure' as const, code: fail.code, fields: fail.fields ?? {} });

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof Error && error.name === 'ApiFailure';

/** True when the call failed with this machine code (e.g. 'NOT_FOUND', 'OUT_OF_STOCK'). */
export const failedWith = (error: unknown, code: ErrorCode | 'NETWORK') => isApiFailure(error) && error.code === code;

/** The field messages of a failed call, for the form that made it. */
export const serverFieldsOf = (error: unknown) => (isApiFailure(error) ? error.fields : undefined);

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** A call found the session over: the user must sign in again. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}

/** How the session is checked and renewed; the auth feature provides it at start-up (shared code does not import features). */
export interface SessionKeeper {
  /** The session check: answers whether a usable session exists (renewing the access token if needed). */
  ensure(): Promise<boolean>;
  /** One renewal through the refresh cookie; answers whether it worked. */
  renew(): Promise<boolean>;
}

let keeper: SessionKeeper = { ensure: async () => true, renew: async () => false };

/** Protected calls on their way, and whether the session is being ended (signing out): see holdCallsForSignOut. */
const onTheirWay = new Set<Promise<unknown>>();
let ending = false;

/** How long sign-out waits at most for the protected calls already on their way. */
export const SIGN_OUT_WAIT_MS = 2000;

/**
 * Before sign-out ends the session: no protected call starts any more (each is refused as if the
 * session had ended), and those already on their way are let finish, up to SIGN_OUT_WAIT_MS. A
 * background call (the cart's pull) answered after the session ended was refused by the API
 * (401) and then tried to renew it: two failed requests in the console of a member who only
 * signed out. Answers the function that lets calls go again, once the session has ended.
 */
export async function holdCallsForSignOut(): Promise<() => void> {
  ending = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)));
  await Promise.race([Promise.allSettled([...onTheirWay]), waited]);
  clearTimeout(timer);
  return () => {
    ending = false;
  };
}

export function setSessionKeeper(next: SessionKeeper): void {
  keeper = next;
}

/**
 * Sends a call and answers its success envelope. Protected calls first run the session
 * check (a page left open can outlive the 15-minute access token), and a refusal for an
 * expired token is renewed once through the refresh cookie. An aborted call throws AbortError.
 */
export async function callForMessage<K extends RouteName>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<{ msg: string; data: RouteData<Routes[K]> }> {
  const route = routeOf(name);
  // A call made without a token (a public one, the gateway) has nothing to check or renew. The
  // shop window's reads (auth 'catalog') go without one from a visitor when the catalog is open.
  const visitor = route.auth === 'catalog' && catalogOpen() && (useSessionStore.getState().token.refreshToken.expire ?? 0) <= Date.now();
  const authenticated = Boolean(route.auth) && !visitor && options?.token !== null;
  if (!authenticated) return answerOf(await apiClient.call(route, input, options));
  if (ending) throw new SessionEndedError();
  const call = protectedCall(name, route, input, options);
  onTheirWay.add(call);
  try {
    return await call;
  } finally {
    onTheirWay.delete(call);
  }
}

/** The success envelope's message and data, or the failure as an error. */
function answerOf<T>(result: Envelope<T>): { msg: string; data: T } {
  if (result.status) return { msg: result.msg, data: result.data };
  throw apiFailure(result);
}

/** A call with the member's session: checked first, renewed once if the API refuses an expired token. */
async function protectedCall<K extends RouteName>(name: K, route: Routes[K], input: RouteInput<Routes[K]>, options?: CallOptions): Promise<{ msg: string; data: RouteData<Routes[K]> }> {
  if (!(await keeper.ensure())) throw new SessionEndedError();
  const send = (): Promise<Envelope<RouteData<Routes[K]>>> => apiClient.call(route, input, options);
  // The page's first call may have gone out already from the early script (src/boot), with the
  // token just renewed: its answer is used once, as if this call had sent it.
  const early = (await takeEarlyAnswer(name, input)) as Envelope<RouteData<Routes[K]>> | null | undefined;
  let result = early ?? (await send());
  if (!result.status && result.code === 'UNAUTHORIZED') {
    // Signing out meanwhile: the session is over, not to be renewed.
    if (ending || !(await keeper.renew())) throw new SessionEndedError();
    result = await send();
  }
  return answerOf(result);
}

/** As callForMessage, answering the data only (queries). */
export async function callApi<K extends RouteName>(name: K, input: RouteInput<Routes[K]>, options?: CallOptions): Promise<RouteData<Routes[K]>> {
  return (await callForMessage(name, input, options)).data;
}

/**
 * What to tell the user about a failed call, in plain words. With field messages, forms that
 * highlight them point there; `fieldsHint: false` keeps the server's own words (the wallet and
 * market forms map only some fields).
 */
export function failureMessage(error: unknown, { fieldsHint = true } = {}): string {
  if (isApiFailure(error)) {
    if (fieldsHint && Object.keys(error.fields).length > 0) return 'Some details need your attention: see the highlighted fields.';
    return error.message;
  }
  if (error instanceof SessionEndedError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The signed-in user's userName: the `user_id` every account call carries. */
export const useUserName = () => useSessionStore((s) => s.user?.userName ?? '');

/** One renewal of the access token through the refresh cookie; answers whether it worked. */
export const renewAccessToken = (): Promise<boolean> => keeper.renew();
