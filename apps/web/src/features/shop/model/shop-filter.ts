import { shopFilter } from '@parmeta/contracts';

/** The filter as the API takes it, defaults filled in (the contract's parsed output). */
export type ShopQuery = ReturnType<(typeof shopFilter)['parse']>;
export type ShopSort = ShopQuery['sort'];

/** Products per page: 12 fills whole rows of 2, 3 and 4 columns. */
export const SHOP_PAGE_SIZE = 12;

const KEYS = ['search', 'category', 'priceFr', 'priceTo', 'sort', 'page'] as const;

export const SORT_OPTIONS: readonly { value: ShopSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

/**
 * The shop's filter lives in the address (shareable, and the back button steps through it).
 * It is parsed with the contract's schema; a part that does not parse (a hand-edited
 * "priceFr=abc") is dropped rather than breaking the page.
 */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (let attempt = 0; attempt <= KEYS.length; attempt++) {
    const result = shopFilter.safeParse({ ...raw, pageSize: SHOP_PAGE_SIZE });
    if (result.success) return ordered(result.data);
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    if (Object.keys(raw).length === before) break;
  }
  return shopFilter.parse({ pageSize: SHOP_PAGE_SIZE });
}

/** A range typed the wrong way round ("from 100 to 20") means 20 to 100. */
function ordered(filter: ShopQuery): ShopQuery {
  const { priceFr, priceTo } = filter;
  if (priceFr !== undefined && priceTo !== undefined && priceFr > priceTo) return { ...filter, priceFr: priceTo, priceTo: priceFr };
  return filter;
}

/** The address of a filter: only what differs from the defaults, so links stay short and canonical. */
export function shopSearch(filter: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.category && filter.category !== 'all') params.set('category', filter.category);
  if (filter.priceFr !== undefined) params.set('priceFr', String(filter.priceFr));
  if (filter.priceTo !== undefined) params.set('priceTo', String(filter.priceTo));
  if (filter.sort && filter.sort !== 'relevance') params.set('sort', filter.sort);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A change of filter starts again at page 1; only the pagination moves between pages. */
export const withFilter = (filter: ShopQuery, change: Partial<ShopQuery>): ShopQuery => ({ ...filter, page: 1, ...change });

/** Whether anything narrows the list (the sort does not). */
export const isFiltered = (filter: ShopQuery) =>
  filter.search !== '' || filter.category !== 'all' || filter.priceFr !== undefined || filter.priceTo !== undefined;
