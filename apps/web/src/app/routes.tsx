import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { accountPages } from '@/features/account';
import { adminGuard, adminPages } from '@/features/admin';
import { authPages, sessionKeeper } from '@/features/auth';
import { cartPages } from '@/features/cart';
import { checkoutPages } from '@/features/checkout';
import { marketPages } from '@/features/market';
import { ordersPages } from '@/features/orders';
import { shopPages } from '@/features/shop';
import { securityPages } from '@/features/security';
import { walletPages } from '@/features/wallet';
import { wishlistPages } from '@/features/wishlist';
import { setSessionKeeper } from '@/lib/call-api';
import { AuthLayout } from './layouts/auth-layout';
import { LayoutRoute } from './layouts/layout-route';
import { catalogOpen } from '@/lib/catalog-access';
import { catalogGuard, protectedGuard } from './route-guard';
import { bareLayout, homeRoute, mainLayout } from './router';
import { Gate, type RouteHandle } from './routing/app-router';
import { lazyPage } from './routing/lazy-page';

// Calls that need a session check it (and renew it) through the auth feature. Every page that
// calls the API is in this table, so it is in place before the first such call. The session
// sync (session-sync.tsx) sets it too: it can load first, on the home page.
setSessionKeeper(sessionKeeper);

/** A page module's default export as the route's element: every page is its own chunk. */
function page(load: () => Promise<{ default: ComponentType }>, handle: Omit<RouteHandle, 'page'> = {}) {
  const lazy = lazyPage(load);
  return { element: <lazy.Component />, handle: { ...handle, page: lazy } satisfies RouteHandle };
}

/** Server data (TanStack Query) for the pages below: loaded with them. The home page shows without it. */
const queryOutlet = page(() => import('@/lib/query-outlet'));
const withQueries = (children: RouteObject[]): RouteObject => ({ ...queryOutlet, children });

/** The shop window: behind the session wall unless the server opens the catalog to visitors (PUBLIC_CATALOG). */
const shopWindow = (children: RouteObject[]): RouteObject => ({ element: <Gate />, handle: { guard: catalogGuard, needsSession: !catalogOpen() } satisfies RouteHandle, children });

/** Everything below needs a session: the guard checks it on every navigation. */
const needsSession = (children: RouteObject[]): RouteObject => ({ element: <Gate />, handle: { guard: protectedGuard, needsSession: true } satisfies RouteHandle, children });

/** Every route (see router.tsx for the first load's). */
export const routes: RouteObject[] = [
  {
    element: mainLayout,
    children: [
      // Public: no session check.
      homeRoute,
      withQueries([
        shopWindow([
          { path: '/shop', ...page(shopPages.shop) },
          { path: '/product/:id', ...page(shopPages.product) },
          { path: '/market', ...page(marketPages.market) },
          { path: '/nft/:id', ...page(marketPages.nft) },
        ]),
        needsSession([
          { path: '/cart', ...page(cartPages.cart) },
          { path: '/orders', ...page(ordersPages.orders) },
          { path: '/wishlist', ...page(wishlistPages.wishlist) },
          { path: '/orders/:orderNo', ...page(ordersPages.orderDetail) },
          { path: '/orders/:orderNo/receipt', ...page(ordersPages.receipt) },
          { path: '/wallet', ...page(walletPages.wallet) },
          { path: '/my-nfts', ...page(marketPages.myNfts) },
          { path: '/profile', ...page(accountPages.profile) },
          { path: '/addresses', ...page(accountPages.addresses) },
          { path: '/cards', ...page(accountPages.cards) },
          { path: '/account/security', ...page(securityPages.security) },
          { path: '/account', ...page(accountPages.settings) },
          // Admins only: the guard sends anyone else home (the API refuses them with 403 anyway).
          {
            path: '/admin',
            ...page(adminPages.area, { guard: adminGuard }),
            children: [
              { index: true, ...page(adminPages.dashboard) },
              { path: 'products', ...page(adminPages.products) },
              { path: 'products/new', ...page(adminPages.productEdit) },
              { path: 'products/:id', ...page(adminPages.productEdit) },
              { path: 'nfts', ...page(adminPages.nfts) },
              { path: 'nfts/new', ...page(adminPages.nftEdit) },
              { path: 'nfts/:id', ...page(adminPages.nftEdit) },
              { path: 'orders', ...page(adminPages.orders) },
              { path: 'promos', ...page(adminPages.promos) },
              { path: 'orders/:orderNo', ...page(adminPages.order) },
              { path: 'payouts', ...page(adminPages.payouts) },
              { path: 'reviews', ...page(adminPages.reviews) },
              { path: 'audit', ...page(adminPages.audit) },
              { path: 'finance', ...page(adminPages.trialBalance) },
              { path: 'finance/daily', ...page(adminPages.dailyFinance) },
              { path: 'finance/reconciliation', ...page(adminPages.reconciliation) },
              { path: 'finance/export', ...page(adminPages.journalExport) },
            ],
          },
        ]),
      ]),
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
  {
    element: <LayoutRoute layout={AuthLayout} />,
    children: [
      withQueries([
        { path: '/signup', ...page(authPages.signup) },
        { path: '/login', ...page(authPages.login) },
        { path: '/resendEmail', ...page(authPages.resendEmail) },
        { path: '/reset', ...page(authPages.reset) },
        // From the mail to a new address: works without a session (the mail may be read elsewhere).
        { path: '/account/email', ...page(accountPages.confirmEmail) },
      ]),
    ],
  },
  {
    element: bareLayout,
    children: [withQueries([needsSession([{ path: '/checkout', ...page(checkoutPages.checkout) }])])],
  },
];
