// The review limits as plain numbers, apart from the contract schemas (see shop/shop-limits.ts).

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 4000;
/** Page size of a product's reviews when the caller does not ask for one. */
export const REVIEWS_PAGE_SIZE = 5;
