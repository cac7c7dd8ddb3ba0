import { PERSIST_TIMEOUT_MS } from '@parmeta/contracts';
import { redirect } from 'react-router';
import { useSessionStore, whenHydrated } from '@/lib/session-store';

/** True when the signed-in user may use the admin area (the API checks again on every call). */
export const useIsAdmin = () => useSessionStore((s) => s.user?.role === 'admin');

/**
 * The loader of the /admin layout route: a signed-in user who is not an admin is sent to
 * the home page. It runs beside the session check of the protected parent route, which
 * sends a signed-out visitor to sign in; so only a known, non-admin user is turned away
 * here. The API refuses non-admins with 403 regardless: this only spares them a broken page.
 */
export async function adminGuard() {
  await whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS);
  const user = useSessionStore.getState().user;
  if (user && user.role !== 'admin') throw redirect('/');
  return null;
}
