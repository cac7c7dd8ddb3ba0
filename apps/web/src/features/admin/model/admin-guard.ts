import { useSessionStore } from '@/lib/session-store';

/** True when the signed-in user may use the admin area (the API checks again on every call). */
export const useIsAdmin = () => useSessionStore((s) => s.user?.role === 'admin');

/**
 * The guard of the /admin layout route: a signed-in user who is not an admin is sent to the
 * home page. It runs beside the session check of the protected parent route, which sends a
 * signed-out visitor to sign in; so only a known, non-admin user is turned away here (the
 * stored user is in: the app renders once the persisted store has loaded). The API refuses
 * non-admins with 403 regardless: this only spares them a broken page.
 */
export function adminGuard(): string | null {
  const user = useSessionStore.getState().user;
  return user && user.role !== 'admin' ? '/' : null;
}
