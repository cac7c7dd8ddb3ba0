import { readPriceBound } from './price-bound';
import { SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from './shop-filter';

// The contract's `shopFilter` rules, checked by hand: with the schema, the shop's first load
// carried zod and the browsing schemas (~30 kB gzip, and their set-up on the main thread)
// for six fields. parse-shop-params.test.ts checks these rules against the schema itself.

const SORTS: readonly ShopSort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];
const MAX_SEARCH = 100;
const MAX_CATEGORY = 60;
const MAX_PAGE = 100_000;

/** zod's `coerce.number()`: Number() of the text, finite only. */
const toNumber = (value: string): number | undefined => {
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

const text = (value: string | null, max: number): string | undefined => {
  const trimmed = value?.trim();
  return trimmed !== undefined && trimmed.length <= max ? trimmed : undefined;
};

const pageOf = (value: string | null): number | undefined => {
  const n = value === null ? undefined : toNumber(value);
  return n !== undefined && Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAGE ? n : undefined;
};

/** An empty price is no bound; one that does not parse is dropped too. */
const priceOf = (value: string | null): number | undefined => {
  const bound = value === null ? undefined : readPriceBound(value);
  return bound?.ok ? bound.value : undefined;
};

const sortOf = (value: string | null): ShopSort | undefined => SORTS.find((sort) => sort === value);

/**
 * The shop's filter lives in the address (shareable, and the back button steps through it).
 * Each part is read as the contract reads it; a part that does not parse (a hand-edited
 * "priceFr=abc") falls back to its default rather than breaking the page.
 */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  const filter: ShopQuery = {
    page: pageOf(params.get('page')) ?? 1,
    pageSize: SHOP_PAGE_SIZE,
    search: text(params.get('search'), MAX_SEARCH) ?? '',
    category: text(params.get('category'), MAX_CATEGORY) ?? 'all',
    sort: sortOf(params.get('sort')) ?? 'relevance',
  };
  const priceFr = priceOf(params.get('priceFr'));
  const priceTo = priceOf(params.get('priceTo'));
  // A range typed the wrong way round ("from 100 to 20") means 20 to 100.
  if (priceFr !== undefined && priceTo !== undefined && priceFr > priceTo) return { ...filter, priceFr: priceTo, priceTo: priceFr };
  if (priceFr !== undefined) filter.priceFr = priceFr;
  if (priceTo !== undefined) filter.priceTo = priceTo;
  return filter;
}
