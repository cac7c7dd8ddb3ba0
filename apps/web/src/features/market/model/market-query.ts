import { marketFilter } from '@parmeta/contracts';
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

export const MARKET_PAGE_SIZE = 12;

export const DEFAULT_QUERY: MarketQuery = { search: '', category: 'all', priceFr: null, priceTo: null, sort: 'newest', page: 1 };

export const SORT_OPTIONS: { value: MarketSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

/** One field through its contract schema; a value the schema refuses falls back to the default. */
function field<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

/** The URL's search params as a query. A hand-edited URL never breaks the page: bad values are ignored. */
export function parseMarketParams(params: URLSearchParams): MarketQuery {
  const { shape } = marketFilter;
  return {
    search: field(shape.search, params.get('search')) ?? '',
    category: field(shape.category, params.get('category')) || 'all',
    priceFr: field(shape.priceFr, params.get('priceFr')) ?? null,
    priceTo: field(shape.priceTo, params.get('priceTo')) ?? null,
    sort: field(shape.sort, params.get('sort')) ?? 'newest',
    page: field(shape.page, params.get('page')) ?? 1,
  };
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
