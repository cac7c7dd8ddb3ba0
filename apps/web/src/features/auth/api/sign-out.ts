import { clearEarlyStart } from '@/boot/handoff';
import { callRoute } from '@/lib/api-client';
import { holdCallsForSignOut } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { ACCESS_TOKEN_SKEW_MS } from '../model/decide-session';

/**
 * Signs out: the API revokes the session and clears the refresh cookie, then every store
 * slice is reset (user, cart, shipping, order card, market, tokens), cached server data is
 * dropped and the stored copy removed, so the next user of the device finds nothing of this one.
 *
 * The call is awaited before anything is cleared: an answer arriving after a new sign-in
 * would clear the new session's cookie.
 */
export async function signOut(): Promise<void> {
  // Imported here: TanStack Query loads with the pages that use it, not with the header's menu.
  const { queryClient } = await import('@/lib/query-client');
  // Nothing of the session's own starts any more, and what is on its way ends first (the cart's
  // background pull): answered after the session ended, it was refused and tried to renew it.
  await queryClient.cancelQueries();
  const release = await holdCallsForSignOut();
  const { accessToken } = useSessionStore.getState().token;
  // The API takes an invalid bearer for a refresh token and would then ignore the cookie:
  // send the access token only while it is valid, else let the cookie name the session.
  const usable = accessToken.token && accessToken.expire !== null && accessToken.expire - ACCESS_TOKEN_SKEW_MS > Date.now();
  try {
    const result = await callRoute('logout', {}, { token: usable ? accessToken.token : null });
    if (!result.status) console.warn('Sign-out was not confirmed by the server:', result.msg);
  } catch (error) {
    console.warn('Sign-out could not reach the server', error);
  } finally {
    await queryClient.cancelQueries();
    useSessionStore.getState().signOutAll();
    clearEarlyStart();
    queryClient.clear();
    useSessionStore.persist.clearStorage();
    release();
  }
}
