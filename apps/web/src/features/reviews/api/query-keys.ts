/** The reviews' cache keys: a product's pages share `reviewsKeys.product(id)` as their prefix. */
export const reviewsKeys = {
  all: ['reviews'] as const,
  product: (productId: number) => ['reviews', productId] as const,
  page: (productId: number, sort: ReviewSort, page: number) => ['reviews', productId, sort, page] as const,
};

export type ReviewSort = 'newest' | 'helpful';
