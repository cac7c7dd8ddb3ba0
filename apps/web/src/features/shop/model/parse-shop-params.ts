import { readBrowseParams } from '@/lib/browse-filter';
import { SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from './shop-filter';

const SORTS: readonly ShopSort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];

/** The shop's filter from the address, read as the contract's `shopFilter` reads it (see lib/browse-filter.ts). */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  const { priceFr, priceTo, ...rest } = readBrowseParams(params, SORTS, 'relevance');
  return { ...rest, pageSize: SHOP_PAGE_SIZE, ...(priceFr !== undefined && { priceFr }), ...(priceTo !== undefined && { priceTo }) };
}
