import { PERSIST_TIMEOUT_MS } from '@parmeta/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ensureSession, loginPathFor } from '@/features/auth';
import { useSessionStore, whenHydrated } from '@/lib/session-store';

/** The id of the layout route that holds every page needing a session (router.tsx). */
export const PROTECTED_ROUTE_ID = 'protected';

/**
 * The session check of the original (spec section 4), run as the loader of the layout
 * route that holds every non-public page, so it runs on each navigation before the page
 * renders (see `shouldRevalidate` in router.tsx). Public routes make no check.
 * An expired refresh token, or a failed renewal of the access token, ends the session
 * (tokens and user detail cleared) and sends the user to sign in, then back here.
 */
export async function protectedLoader({ request }: LoaderFunctionArgs) {
  await whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS);
  if (await ensureSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/** Every navigation within the protected pages re-runs the check, not only the first one. */
export const alwaysRevalidate = () => true;
