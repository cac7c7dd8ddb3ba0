/**
 * An address as the router matches it: any case, an optional trailing slash ("/Wallet/" is
 * "/wallet"). For the code that picks a page by its address before the router runs (the early
 * scripts, the first route table's layout).
 */
export const routerPath = (pathname: string): string => pathname.toLowerCase().replace(/(.)\/$/, '$1');
