import { takeEarlyRenewal } from '@/boot/handoff';
import { callRoute } from '@/lib/api-client';
import { REFRESH_LOCK } from '@/lib/session-keys';
import { storedRefreshExpiry, type SessionTokens } from '@/lib/session-store';
import { toSessionTokens } from '../model/session-tokens';

export { REFRESH_LOCK };

/**
 * What a renewal came to: new tokens; false when the API refused the refresh cookie (the
 * session has ended); null when no answer came (the page was left or reloaded while it was on
 * its way, the network dropped, the server failed). After no answer nothing is known about the
 * session, so it is kept: the API takes the same cookie back for a while (a lost answer).
 */
export type Renewal = SessionTokens | false | null;

/** Refusals that mean the refresh cookie is no good; any other failure is "no answer". */
const ENDED = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST']);

/**
 * Asks for a new access token, or reads the answer to the request the early script already
 * sent (src/boot: the same call, under the same lock).
 */
async function requestRefresh(early?: Promise<unknown>): Promise<Renewal> {
  try {
    // The refresh token travels in its httpOnly cookie; the client adds the CSRF header.
    // No bearer: the API would take the (expired) access token for the refresh token.
    const result = (await (early ?? callRoute('refresh', {}, { token: null }))) as Awaited<ReturnType<typeof callRoute<'refresh'>>> | null;
    if (!result) return null;
    if (!result.status) return ENDED.has(result.code) ? false : null;
    const { accessToken, refreshToken } = result.data;
    if (!accessToken?.token || !Number.isFinite(accessToken.expire) || !Number.isFinite(refreshToken?.expire)) return false;
    return toSessionTokens(result.data);
  } catch (error) {
    console.warn('Session refresh failed', error);
    return null;
  }
}

/**
 * Tabs share the cookie but not the access token (memory only), so each tab refreshes for
 * itself. Two tabs sending the same cookie at once look to the API like a lost answer at best
 * (taken back once, briefly) and like token theft at worst, which revokes the whole session:
 * the lock makes them take turns, and the second sends the cookie the first one received.
 */
async function refreshInTurn(locks: LockManager): Promise<Renewal> {
  return await locks.request(REFRESH_LOCK, async () => {
    // While this tab waited, another may have ended the session (sign-out or a refused
    // renewal clear the stored expiry, and the cookie with it): then there is nothing to ask.
    // If another tab renewed instead, the stored expiry is newer and the call below goes
    // out with the rotated cookie, which is valid.
    if (storedRefreshExpiry() === null) return false;
    return requestRefresh();
  });
}

let inFlight: Promise<Renewal> | null = null;

/** The pause before asking once more after no answer (a dropped connection, a lost answer). */
const RETRY_AFTER_MS = 300;

/**
 * Asks the API for a new access token (spec: "refresh the token"): see Renewal. After no
 * answer it asks once more, as the API takes the same cookie back for a while. Concurrent
 * callers in this tab share one request; across tabs, the Web Locks API serialises them.
 * Without Web Locks (old browsers) only the in-tab sharing applies.
 */
export function refreshSession(): Promise<Renewal> {
  if (inFlight) return inFlight;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // A lock manager that refuses (e.g. a sandboxed frame) leaves the in-tab sharing only.
  const ask = () => (locks ? refreshInTurn(locks).catch(() => requestRefresh()) : requestRefresh());
  // After a reload the early script has usually asked already: its answer is this tab's renewal.
  const early = takeEarlyRenewal();
  inFlight = (early ? requestRefresh(early) : ask())
    .then(async (renewal) => (renewal === null ? (await new Promise((resume) => setTimeout(resume, RETRY_AFTER_MS)), ask()) : renewal))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
