import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';

/**
 * Ends the session in this browser: every store slice is reset and cached server data is
 * dropped, so the next user of the device sees nothing of this one.
 * TODO(accounts): also call the API's sign-out route once it exists, so the refresh
 * cookie is revoked server-side and not only forgotten here.
 */
export function signOut() {
  useSessionStore.getState().signOutAll();
  queryClient.clear();
}
