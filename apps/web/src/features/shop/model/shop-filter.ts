import { SHOP_PAGE_SIZE, type shopFilter } from '@parmeta/contracts';

type Parsed = ReturnType<(typeof shopFilter)['parse']>;
export type ShopSort = NonNullable<Parsed['sort']>;
/** The filter as the API takes it, defaults filled in (the contract's parsed output), the sort always decided. */
export type ShopQuery = Omit<Parsed, 'sort'> & { sort: ShopSort };

export { SHOP_PAGE_SIZE };

/** Best match for a search; without words there is nothing to match, and the newest come first (as the API decides). */
export const defaultSort = (search: string): ShopSort => (search ? 'relevance' : 'newest');

const BEST_MATCH = { value: 'relevance', label: 'Best match' } as const;
const ORDERS: readonly { value: ShopSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

/** The sorts offered: "Best match" only while there is a search text. */
export const sortOptions = (search: string): readonly { value: ShopSort; label: string }[] => (search ? [BEST_MATCH, ...ORDERS] : ORDERS);

/** A sort read from an address: none, or best match without words, is the default for the search. */
export const decideSort = (sort: ShopSort | undefined, search: string): ShopSort => (sort === undefined || (sort === 'relevance' && !search) ? defaultSort(search) : sort);

/** The address of a filter: only what differs from the defaults, so links stay short and canonical. */
export function shopSearch(filter: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.category && filter.category !== 'all') params.set('category', filter.category);
  if (filter.priceFr !== undefined) params.set('priceFr', String(filter.priceFr));
  if (filter.priceTo !== undefined) params.set('priceTo', String(filter.priceTo));
  if (filter.sort && filter.sort !== defaultSort(filter.search ?? '')) params.set('sort', filter.sort);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A change of filter starts again at page 1; only the pagination moves between pages. A sort
 * left at its default follows the search (typing words sorts by best match, clearing them goes
 * back to newest); a sort the shopper chose stays.
 */
export function withFilter(filter: ShopQuery, change: Partial<ShopQuery>): ShopQuery {
  const next = { ...filter, page: 1, ...change };
  if (change.sort === undefined && filter.sort === defaultSort(filter.search)) next.sort = defaultSort(next.search);
  return { ...next, sort: decideSort(next.sort, next.search) };
}

/** Whether anything narrows the list (the sort does not). */
export const isFiltered = (filter: ShopQuery) =>
  filter.search !== '' || filter.category !== 'all' || filter.priceFr !== undefined || filter.priceTo !== undefined;
