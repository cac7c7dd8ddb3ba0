import { PERSIST_TIMEOUT_MS } from '@parmeta/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { decideSession, loginPathFor, refreshSession } from '@/features/auth';
import { useSessionStore, whenHydrated } from '@/lib/session-store';

/**
 * The session check of the original (spec section 4), run as the loader of the layout
 * route that holds every non-public page, so it runs on each navigation before the page
 * renders (see `shouldRevalidate` in router.tsx). Public routes make no check.
 */
export async function protectedLoader({ request }: LoaderFunctionArgs) {
  await whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS);
  const decision = decideSession(Date.now(), useSessionStore.getState().token);
  if (decision === 'ok') return null;
  if (decision === 'refresh') {
    const tokens = await refreshSession();
    if (tokens) {
      useSessionStore.getState().setTokens(tokens);
      return null;
    }
  }
  const { resetTokens, resetUser } = useSessionStore.getState();
  resetTokens();
  resetUser();
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/** Every navigation within the protected pages re-runs the check, not only the first one. */
export const alwaysRevalidate = () => true;
