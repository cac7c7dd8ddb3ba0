/**
 * An address as the router matches it: any case, an optional trailing slash ("/Wallet/" is
 * "/wallet"). For the code that picks a page by its address before the router runs (the early
 * scripts, the first route table's layout).
 */
export const routerPath = (pathname: string): string => pathname.toLowerCase().replace(/(.)\/$/, '$1');

/**
 * Whether `to` is the page shown: the same path, or (without `end`) a path below it. Case-blind,
 * as React Router's NavLink.
 */
export function isActivePath(current: string, to: string, end: boolean): boolean {
  const here = current.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target;
  return base !== '/' && here.startsWith(base) && here.charAt(base.length) === '/';
}
