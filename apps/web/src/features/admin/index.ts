/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const adminPages = {
  /** The /admin layout route: side navigation and outlet. */
  area: () => import('./pages/admin-area'),
  dashboard: () => import('./pages/dashboard-page'),
  products: () => import('./pages/products-page'),
  /** /admin/products/new and /admin/products/:id */
  productEdit: () => import('./pages/product-edit-page'),
  nfts: () => import('./pages/nfts-page'),
  /** /admin/nfts/new and /admin/nfts/:id */
  nftEdit: () => import('./pages/nft-edit-page'),
  orders: () => import('./pages/orders-page'),
  order: () => import('./pages/order-page'),
  payouts: () => import('./pages/payouts-page'),
  reviews: () => import('./pages/reviews-page'),
  promos: () => import('./pages/promos-page'),
  audit: () => import('./pages/audit-page'),
  trialBalance: () => import('./pages/trial-balance-page'),
  dailyFinance: () => import('./pages/daily-page'),
  reconciliation: () => import('./pages/reconciliation-page'),
  journalExport: () => import('./pages/journal-export-page'),
};

// For the router (the /admin loader) and the account menu (an "Admin" link for admins only).
// Both read the session store only: they cost the entry chunk next to nothing.
export { adminGuard, useIsAdmin } from './model/admin-guard';
