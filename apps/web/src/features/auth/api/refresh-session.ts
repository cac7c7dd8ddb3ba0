import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@parmeta/contracts';
import type { SessionTokens } from '@/lib/session-store';

/** Expiries may arrive as epoch milliseconds or as ISO dates. */
function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function readTokens(body: unknown): SessionTokens | false {
  if (typeof body !== 'object' || body === null) return false;
  const { status, data } = body as { status?: unknown; data?: { accessToken?: { token?: unknown; expire?: unknown }; refreshToken?: { expire?: unknown } } };
  const token = data?.accessToken?.token;
  const accessExpire = toEpochMs(data?.accessToken?.expire);
  const refreshExpire = toEpochMs(data?.refreshToken?.expire);
  if (status !== true || typeof token !== 'string' || !token || accessExpire === null || refreshExpire === null) return false;
  return { accessToken: { token, expire: accessExpire }, refreshToken: { expire: refreshExpire } };
}

async function requestRefresh(): Promise<SessionTokens | false> {
  try {
    // The refresh token travels in its httpOnly cookie; the CSRF header proves the call is ours.
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: '{}',
    });
    return readTokens(await response.json());
  } catch (error) {
    console.warn('Session refresh failed', error);
    return false;
  }
}

let inFlight: Promise<SessionTokens | false> | null = null;

/**
 * Asks the API for a new access token (spec: "refresh the token"), answering false on any
 * failure. Concurrent callers share one request: the refresh token is rotated on every
 * use, and a second request with the already-rotated token would revoke the session.
 */
export function refreshSession(): Promise<SessionTokens | false> {
  inFlight ??= requestRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
