/**
 * The admin area's cache keys. Everything sits under `adminKeys.all`, apart from the
 * shop's own keys, so an admin's edits refresh admin lists without touching the storefront
 * cache beyond what `afterCatalogChange` asks for.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  productLists: () => ['admin', 'products'] as const,
  products: (page: number, search: string) => ['admin', 'products', page, search] as const,
  product: (id: number) => ['admin', 'product', id] as const,
  categories: () => ['admin', 'categories'] as const,
  nftLists: () => ['admin', 'nfts'] as const,
  nfts: (page: number, search: string) => ['admin', 'nfts', page, search] as const,
  nft: (id: number) => ['admin', 'nft', id] as const,
  collections: () => ['admin', 'collections'] as const,
  orderLists: () => ['admin', 'orders'] as const,
  orders: (query: object) => ['admin', 'orders', query] as const,
  order: (orderNo: string) => ['admin', 'order', orderNo] as const,
  payoutLists: () => ['admin', 'payouts'] as const,
  payouts: (status: string, page: number) => ['admin', 'payouts', status, page] as const,
  reviewLists: () => ['admin', 'reviews'] as const,
  reviews: (status: string, page: number) => ['admin', 'reviews', status, page] as const,
  auditPages: () => ['admin', 'audit'] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  trialBalance: (at: number | null) => ['admin', 'finance', 'trial-balance', at] as const,
  dailyFinance: (from: string, to: string) => ['admin', 'finance', 'daily', from, to] as const,
  reconciliation: () => ['admin', 'finance', 'reconciliation'] as const,
};

/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 20;
