import type { TokenState } from '@/lib/session-store';

export type SessionDecision = 'ok' | 'refresh' | 'login';

/**
 * An access token this close to its expiry is refreshed first: it would otherwise
 * expire while the page's first calls are in flight.
 */
export const ACCESS_TOKEN_SKEW_MS = 10_000;

/**
 * The original's check on every navigation to a non-public route (spec section 4):
 * no session or an expired refresh token means sign in again; a missing or expired
 * access token means refresh it; otherwise carry on.
 */
export function decideSession(now: number, token: TokenState): SessionDecision {
  const refreshExpire = token.refreshToken.expire;
  if (refreshExpire === null || refreshExpire <= now) return 'login';
  const { token: access, expire } = token.accessToken;
  if (!access || expire === null || expire - ACCESS_TOKEN_SKEW_MS <= now) return 'refresh';
  return 'ok';
}
