import { PERSIST_TIMEOUT_MS } from '@parmeta/contracts';
import type { Location } from 'react-router';
import { checkSession, loginPathFor } from '@/features/auth';
import { catalogOpen } from '@/lib/catalog-access';
import { useSessionStore, whenHydrated } from '@/lib/session-store';

/**
 * The session check of the original (spec section 4), as the guard of the layout route that
 * holds every non-public page: it runs on each navigation before the page shows. Public
 * routes make no check. An expired refresh token, or a failed renewal of the access token,
 * ends the session (tokens and user detail cleared) and sends the user to sign in, then back here.
 */
export function protectedGuard(location: Location): string | null | Promise<string | null> {
  const login = loginPathFor(location.pathname + location.search);
  const decide = (ok: boolean) => (ok ? null : login);
  if (!useSessionStore.persist.hasHydrated()) {
    return whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS).then(async () => decide(await checkSession()));
  }
  const ok = checkSession();
  return ok instanceof Promise ? ok.then(decide) : decide(ok);
}

/**
 * The shop window's guard (shop, product, market, NFT pages): the session wall above, unless the
 * server opens the catalog to visitors (PUBLIC_CATALOG). Then nobody is sent away; a member's
 * session is still checked (and renewed) first, so their page shows as theirs.
 */
export function catalogGuard(location: Location): string | null | Promise<string | null> {
  if (!catalogOpen()) return protectedGuard(location);
  const check = () => {
    const ok = checkSession();
    return ok instanceof Promise ? ok.then(() => null) : null;
  };
  if (!useSessionStore.persist.hasHydrated()) return whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS).then(check);
  return check();
}
