import { routerPath } from '@/lib/route-path';

// Shared by the first route table (router.tsx) and the early loader (src/boot), which shows the
// header's frame from index.html before the app's code arrives: the main layout's header, or the
// bare layout's (the logo alone, lower) on checkout.

/** The addresses of the sign-in pages' layout: no header's frame first. */
export const AUTH_LAYOUT_PATHS = ['/signup', '/login', '/resendEmail', '/reset', '/account/email'];
/** The addresses of the bare layout (the logo above the page, no navigation). */
export const BARE_LAYOUT_PATHS = ['/checkout'];

/** Matched as the router does: any case, an optional trailing slash. */
const among = (paths: string[], pathname: string) => {
  const path = routerPath(pathname);
  return paths.some((other) => other.toLowerCase() === path);
};

/** Which header's frame the first load shows at this address: the main layout's, the bare layout's, or none. */
export function firstShell(pathname: string): 'main' | 'bare' | 'none' {
  if (among(AUTH_LAYOUT_PATHS, pathname)) return 'none';
  return among(BARE_LAYOUT_PATHS, pathname) ? 'bare' : 'main';
}
