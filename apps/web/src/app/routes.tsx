import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountPages } from '@/features/account';
import { adminGuard, adminPages } from '@/features/admin';
import { authPages } from '@/features/auth';
import { cartPages } from '@/features/cart';
import { checkoutPages } from '@/features/checkout';
import { homePages } from '@/features/home';
import { marketPages } from '@/features/market';
import { ordersPages } from '@/features/orders';
import { shopPages } from '@/features/shop';
import { walletPages } from '@/features/wallet';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './layouts/route-handle';
import { ProgressBarView } from './progress-bar';
import { RouteError } from './route-error';
import { alwaysRevalidate, PROTECTED_ROUTE_ID, protectedLoader } from './route-guard';

/** A page module's default export as the route's component: every page is its own chunk. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const main: RouteHandle = { layout: 'main' };
const auth: RouteHandle = { layout: 'auth' };
const bare: RouteHandle = { layout: 'bare' };

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // The first page's chunk and session check are loading: show the same bar as for later navigations.
    HydrateFallback: ProgressBarView,
    children: [
      // Public: no session check.
      { path: '/', handle: main, lazy: page(homePages.home) },
      { path: '/signup', handle: auth, lazy: page(authPages.signup) },
      { path: '/login', handle: auth, lazy: page(authPages.login) },
      { path: '/resendEmail', handle: auth, lazy: page(authPages.resendEmail) },
      { path: '/reset', handle: auth, lazy: page(authPages.reset) },
      // Everything else needs a session: the loader checks it on every navigation.
      {
        id: PROTECTED_ROUTE_ID,
        loader: protectedLoader,
        shouldRevalidate: alwaysRevalidate,
        children: [
          { path: '/shop', handle: main, lazy: page(shopPages.shop) },
          { path: '/product/:id', handle: main, lazy: page(shopPages.product) },
          { path: '/cart', handle: main, lazy: page(cartPages.cart) },
          { path: '/checkout', handle: bare, lazy: page(checkoutPages.checkout) },
          { path: '/orders', handle: main, lazy: page(ordersPages.orders) },
          { path: '/orders/:orderNo', handle: main, lazy: page(ordersPages.orderDetail) },
          { path: '/market', handle: main, lazy: page(marketPages.market) },
          { path: '/nft/:id', handle: main, lazy: page(marketPages.nft) },
          { path: '/wallet', handle: main, lazy: page(walletPages.wallet) },
          { path: '/my-nfts', handle: main, lazy: page(marketPages.myNfts) },
          { path: '/profile', handle: main, lazy: page(accountPages.profile) },
          { path: '/addresses', handle: main, lazy: page(accountPages.addresses) },
          { path: '/cards', handle: main, lazy: page(accountPages.cards) },
          // Admins only: the loader sends anyone else home (the API refuses them with 403 anyway).
          {
            path: '/admin',
            handle: main,
            loader: adminGuard,
            lazy: page(adminPages.area),
            children: [
              { index: true, handle: main, lazy: page(adminPages.dashboard) },
              { path: 'products', handle: main, lazy: page(adminPages.products) },
              { path: 'products/new', handle: main, lazy: page(adminPages.productEdit) },
              { path: 'products/:id', handle: main, lazy: page(adminPages.productEdit) },
              { path: 'nfts', handle: main, lazy: page(adminPages.nfts) },
              { path: 'nfts/new', handle: main, lazy: page(adminPages.nftEdit) },
              { path: 'nfts/:id', handle: main, lazy: page(adminPages.nftEdit) },
              { path: 'orders', handle: main, lazy: page(adminPages.orders) },
              { path: 'orders/:orderNo', handle: main, lazy: page(adminPages.order) },
              { path: 'payouts', handle: main, lazy: page(adminPages.payouts) },
              { path: 'audit', handle: main, lazy: page(adminPages.audit) },
            ],
          },
        ],
      },
      { path: '*', handle: main, lazy: page(() => import('./not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
