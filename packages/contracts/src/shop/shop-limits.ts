// The shop's limits as plain numbers, apart from the contract schemas that use them: a page that
// only needs a limit (the product page's quantity field, the search box) then loads no schema
// code (zod is ~26 kB gzip and its schemas take tens of ms to build on a phone).

export const LOW_STOCK_AT = 5;
export const MAX_LINE_QTY = 99;
export const MAX_CART_LINES = 50;
/** Suggestions start from this many typed characters: one letter matches too much to help. */
export const SUGGEST_MIN_CHARS = 2;
/** At most this many products and categories in one answer. */
export const SUGGEST_PRODUCTS = 6;
export const SUGGEST_CATEGORIES = 3;
/** Related products and "customers also bought" shown on a product page, at most. */
export const RELATED_PRODUCTS = 8;
export const ALSO_BOUGHT_PRODUCTS = 6;
/**
 * Products and NFTs per page in the shop's and the market's grids (12 fills whole rows of 2, 3
 * and 4 columns): the web app asks for these, and a bare /shop's or /market's HTML carries that
 * first page (docs/decisions/0099).
 */
export const SHOP_PAGE_SIZE = 12;
export const MARKET_PAGE_SIZE = 12;
