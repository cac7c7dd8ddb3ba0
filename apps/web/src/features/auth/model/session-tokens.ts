import type { TokenState } from '@parmeta/contracts';
import type { SessionTokens } from '@/lib/session-store';

/** Below this, a difference between the two clocks is network latency and rounding, not a wrong clock. */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000;

/** The `iat` (issued at, epoch seconds) of a JWT, read without verifying it; null if unreadable. */
export function issuedAt(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const iat = (JSON.parse(json) as { iat?: unknown }).iat;
    return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The server's expiries in this device's clock. The API answers epoch milliseconds of its
 * own clock; a device whose clock is off by minutes or days would otherwise see a fresh
 * token as expired (and never stay signed in) or an expired one as valid. The access
 * token's `iat` says what the server's clock read when it answered.
 */
export function toSessionTokens(data: TokenState, now = Date.now()): SessionTokens {
  const iat = issuedAt(data.accessToken.token);
  const skew = iat === null ? 0 : now - iat;
  const shift = Math.abs(skew) < CLOCK_SKEW_TOLERANCE_MS ? 0 : skew;
  return {
    accessToken: { token: data.accessToken.token, expire: data.accessToken.expire + shift },
    refreshToken: { expire: data.refreshToken.expire + shift },
  };
}
