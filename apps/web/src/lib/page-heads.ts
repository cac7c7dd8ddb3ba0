import { routerPath } from './route-path';

// The heading and lead sentence of the member pages whose header is always the same. The pages
// render them from here, and so do the two things that show a page's header before its code
// has arrived: the early script in page.html (src/boot/early-head.ts), which paints it with the
// header's frame, and the layout's stand-in while the page loads (app/layouts/first-head.tsx).
// One text, so that what the first paint shows is what the page then shows, in the same place.

export interface PageHead {
  title: string;
  description: string;
  /** A way back above the header (BackLink): where to, and its words. */
  back?: { to: string; label: string };
}

export const PAGE_HEADS = {
  '/wallet': { title: 'Wallet', description: 'Your par, meta and premium points. Pick one thing to do: every transfer shows what it will do before it is sent.' },
  '/orders': { title: 'Your orders', description: 'Every order you have placed, newest first. Open one for its details, tracking or to cancel it.' },
  '/my-nfts': { title: 'My NFTs', description: 'The NFTs you own. List one for sale at your price in par, or take it off the market.' },
  '/wishlist': { title: 'Wishlist', description: 'Products you saved with the heart. Ask us to mail you when one that is sold out is back.' },
  '/profile': { title: 'Profile', description: 'Your name, contact details, photo and member class.' },
  '/addresses': { title: 'Addresses', description: 'Your saved delivery addresses. The main address fills the checkout for you.' },
  '/cards': { title: 'Cards', description: 'Your saved payment cards. Only the brand, the last four digits and the expiry date are kept.' },
  '/account': { title: 'Account settings', description: 'Your sign-in details, a copy of your data, and closing your account.' },
  '/account/security': { title: 'Security', description: 'How you sign in: passkeys, two-step sign-in, and the devices where your account is signed in.' },
} as const satisfies Record<string, PageHead>;

/** The fixed header of the page at this address, matched as the router does (any case, an optional trailing slash); null for any other page. */
export function pageHeadAt(pathname: string): PageHead | null {
  const path = routerPath(pathname);
  return Object.hasOwn(PAGE_HEADS, path) ? PAGE_HEADS[path as keyof typeof PAGE_HEADS] : null;
}

/**
 * Checkout's header while the cart has lines, below its way back to the cart. With an empty
 * cart the page shows that instead (features/checkout/pages/checkout-page.tsx).
 */
export const CHECKOUT_HEAD = {
  title: 'Checkout',
  description: 'Where should we send your order, and how would you like to pay?',
  back: { to: '/cart', label: 'Back to cart' },
} as const satisfies PageHead;

/** The header that paints first at this address: a member page's fixed one, or checkout's when the stored cart has lines. */
export function firstHeadAt(pathname: string, cartLines: number): PageHead | null {
  if (cartLines > 0 && routerPath(pathname) === '/checkout') return CHECKOUT_HEAD;
  return pageHeadAt(pathname);
}
