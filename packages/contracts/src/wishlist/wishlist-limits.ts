// Without zod: the server reads these without building the wishlist's schemas (docs/decisions/0087).

/** A wishlist is a list to come back to, not a store: past this many, the member is asked to tidy it. */
export const WISHLIST_MAX = 200;
/** Back-in-stock requests waiting at once, per member. */
export const STOCK_ALERTS_MAX = 50;
