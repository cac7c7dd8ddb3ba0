import type { shopFilter } from '@parmeta/contracts';

/** The filter as the API takes it, defaults filled in (the contract's parsed output). */
export type ShopQuery = ReturnType<(typeof shopFilter)['parse']>;
export type ShopSort = ShopQuery['sort'];

/** Products per page: 12 fills whole rows of 2, 3 and 4 columns. */
export const SHOP_PAGE_SIZE = 12;

export const SORT_OPTIONS: readonly { value: ShopSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

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
