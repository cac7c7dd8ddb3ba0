import { readBrowseParams } from '@/lib/browse-filter';
import { decideSort, SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from './shop-filter';

const SORTS: readonly ShopSort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];

/** The shop's filter from the address, read as the contract's `shopFilter` reads it (see lib/browse-filter.ts); no sort is the search's default. */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  const { priceFr, priceTo, sort, ...rest } = readBrowseParams(params, SORTS, undefined);
  return { ...rest, sort: decideSort(sort, rest.search), pageSize: SHOP_PAGE_SIZE, ...(priceFr !== undefined && { priceFr }), ...(priceTo !== undefined && { priceTo }) };
}
