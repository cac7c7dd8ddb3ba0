import { readStored, type EarlyEnv } from './early-api';

// The first early script, inlined in index.html (build/early-start.ts) so it runs while the HTML
// is parsed. It only decides whether the second one (early-page.ts) is worth loading: on any
// page but the home page (all in the entry, and public: left as it was), for a signed-in user,
// whose page would otherwise wait for the app's code before renewing the session. It stays
// this small because it counts in every page's first-load JavaScript.

export function loadEarlyPage(env: EarlyEnv, pageScript: string): boolean {
  if (env.location.pathname === '/') return false;
  const { refreshExpire } = readStored(env.storage);
  // As the app: a session exists while the refresh token is unexpired.
  if (refreshExpire === null || refreshExpire <= env.now()) return false;
  env.add('script', { src: pageScript, async: '' });
  return true;
}
