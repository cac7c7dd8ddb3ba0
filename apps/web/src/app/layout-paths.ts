// Shared by the first route table (router.tsx) and the early loader (src/boot), which shows the
// header's frame from index.html on the pages of the main layout before the app's code arrives.

/** The addresses outside the main layout: the sign-in pages and checkout. */
export const OTHER_LAYOUT_PATHS = ['/signup', '/login', '/resendEmail', '/reset', '/account/email', '/checkout'];

/** Whether the first load shows the main layout (its header) at this address. Matched as the router does: any case, an optional trailing slash. */
export function showsMainLayoutFirst(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return !OTHER_LAYOUT_PATHS.some((other) => other.toLowerCase() === path);
}
