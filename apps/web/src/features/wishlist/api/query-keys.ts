/** The wishlist's cache keys: the marks (ids for hearts and requests) and the list page. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  marks: () => ['wishlist', 'marks'] as const,
  list: () => ['wishlist', 'list'] as const,
};
