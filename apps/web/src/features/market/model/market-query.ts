import { MARKET_PAGE_SIZE } from '@parmeta/contracts';
import { readBrowseParams } from '@/lib/browse-filter';
import type { MarketFilter as StoreFilter } from '@/lib/session-store';

export type MarketSort = 'newest' | 'price_asc' | 'price_desc';

/** The market grid's state, as the URL holds it: shareable, and the back button walks through it. */
export interface MarketQuery {
  search: string;
  category: string;
  priceFr: number | null;
  priceTo: number | null;
  sort: MarketSort;
  page: number;
}

export { MARKET_PAGE_SIZE };

export const DEFAULT_QUERY: MarketQuery = { search: '', category: 'all', priceFr: null, priceTo: null, sort: 'newest', page: 1 };

export const SORT_OPTIONS: { value: MarketSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

const SORTS: readonly MarketSort[] = ['newest', 'price_asc', 'price_desc'];

/**
 * The URL's search params as a query, read as the contract's `marketFilter` reads them (see
 * lib/browse-filter.ts). A hand-edited URL never breaks the page: bad values are ignored.
 */
export function parseMarketParams(params: URLSearchParams): MarketQuery {
  const { priceFr, priceTo, category, ...rest } = readBrowseParams(params, SORTS, 'newest');
  return { ...rest, category: category || 'all', priceFr: priceFr ?? null, priceTo: priceTo ?? null };
}

/** The query as a search string ("?category=pixel-pals&sort=price_asc"), defaults left out; '' when all are defaults. */
export function marketSearch(query: MarketQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category !== 'all') params.set('category', query.category);
  if (query.priceFr !== null) params.set('priceFr', String(query.priceFr));
  if (query.priceTo !== null) params.set('priceTo', String(query.priceTo));
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A changed filter starts again from page 1. */
export const withFilter = (query: MarketQuery, change: Partial<Omit<MarketQuery, 'page'>>): MarketQuery => ({ ...query, ...change, page: 1 });

export const isFiltered = (q: MarketQuery) => q.search !== '' || q.category !== 'all' || q.priceFr !== null || q.priceTo !== null;

/** The query the store's market.filter slice (the original's filter) stands for. */
export const fromStoreFilter = (filter: StoreFilter): MarketQuery => ({ ...DEFAULT_QUERY, ...filter });

/** The body of POST /gx/market_products. */
export const marketBody = (q: MarketQuery) => ({
  search: q.search,
  category: q.category,
  ...(q.priceFr !== null ? { priceFr: q.priceFr } : {}),
  ...(q.priceTo !== null ? { priceTo: q.priceTo } : {}),
  sort: q.sort,
  page: q.page,
  pageSize: MARKET_PAGE_SIZE,
});
