import { callRoute } from '@/lib/api-client';
import { storedRefreshExpiry, type SessionTokens } from '@/lib/session-store';
import { toSessionTokens } from '../model/session-tokens';

/** The Web Locks name every tab of this origin refreshes under. */
export const REFRESH_LOCK = 'parmeta-refresh';

async function requestRefresh(): Promise<SessionTokens | false> {
  try {
    // The refresh token travels in its httpOnly cookie; the client adds the CSRF header.
    // No bearer: the API would take the (expired) access token for the refresh token.
    const result = await callRoute('refresh', {}, { token: null });
    if (!result.status) return false;
    const { accessToken, refreshToken } = result.data;
    if (!accessToken?.token || !Number.isFinite(accessToken.expire) || !Number.isFinite(refreshToken?.expire)) return false;
    return toSessionTokens(result.data);
  } catch (error) {
    console.warn('Session refresh failed', error);
    return false;
  }
}

/**
 * Tabs share the cookie but not the access token (memory only), so each tab refreshes for
 * itself. Two tabs sending the same cookie at once would look like token theft to the API,
 * which then revokes the whole session: the lock makes them take turns, and the second
 * sends the cookie the first one received, which is valid.
 */
async function refreshInTurn(locks: LockManager): Promise<SessionTokens | false> {
  return await locks.request(REFRESH_LOCK, async () => {
    // While this tab waited, another may have ended the session (sign-out or a refused
    // renewal clear the stored expiry, and the cookie with it): then there is nothing to ask.
    // If another tab renewed instead, the stored expiry is newer and the call below goes
    // out with the rotated cookie, which is valid.
    if (storedRefreshExpiry() === null) return false;
    return requestRefresh();
  });
}

let inFlight: Promise<SessionTokens | false> | null = null;

/**
 * Asks the API for a new access token (spec: "refresh the token"), answering false on any
 * failure. Concurrent callers in this tab share one request; across tabs, the Web Locks
 * API serialises them. Without Web Locks (old browsers) only the in-tab sharing applies.
 */
export function refreshSession(): Promise<SessionTokens | false> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // A lock manager that refuses (e.g. a sandboxed frame) leaves the in-tab sharing only.
  inFlight ??= (locks ? refreshInTurn(locks).catch(requestRefresh) : requestRefresh()).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
