import type { SessionKeeper } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { decideSession } from '../model/decide-session';
import { refreshSession } from './refresh-session';

/**
 * Clears what a session leaves in the store when it ends by itself (expiry, failed
 * renewal, revoked elsewhere): the tokens and the user detail, as the original does. The
 * cart stays; sign-out (signOutAll) is what clears everything.
 */
export function endSession(): void {
  const { resetTokens, resetUser } = useSessionStore.getState();
  resetTokens();
  resetUser();
}

/**
 * Renews the access token with the refresh cookie. A refusal ends the session; no answer
 * (see Renewal) leaves it as it was, so a page left mid-renewal does not sign the user out.
 */
export async function renewSession(): Promise<boolean> {
  const tokens = await refreshSession();
  if (tokens) {
    useSessionStore.getState().setTokens(tokens);
    return true;
  }
  if (tokens === false) endSession();
  return false;
}

/**
 * The session check of the original (spec section 4): an expired refresh token ends the
 * session; a missing or expired access token is renewed first. Answers whether a usable
 * session exists afterwards: at once when no renewal is needed (the router then shows the
 * next page in the same frame), else when the renewal has answered.
 */
export function checkSession(now = Date.now()): boolean | Promise<boolean> {
  const decision = decideSession(now, useSessionStore.getState().token);
  if (decision === 'ok') return true;
  if (decision === 'refresh') return renewSession();
  endSession();
  return false;
}

/** checkSession, always as a promise. */
export const ensureSession = async (now = Date.now()): Promise<boolean> => checkSession(now);

export { SessionEndedError } from '@/lib/call-api';

/**
 * What the shared call path (lib/call-api.ts) uses around protected calls: the session check
 * first, and one renewal through the refresh cookie when the API refuses an expired token.
 */
export const sessionKeeper: SessionKeeper = {
  ensure: () => ensureSession(),
  async renew() {
    const tokens = await refreshSession();
    if (tokens) useSessionStore.getState().setTokens(tokens);
    return Boolean(tokens);
  },
};
