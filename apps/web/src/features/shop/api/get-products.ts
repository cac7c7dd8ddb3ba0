import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopQuery } from '../model/shop-filter';
import { callApi } from '@/lib/call-api';
import { shopKeys } from './query-keys';

export const getProducts = (filter: ShopQuery, signal?: AbortSignal) => callApi('shopProducts', { body: filter }, { signal });

export const productsQueryOptions = (filter: ShopQuery) =>
  queryOptions({
    queryKey: shopKeys.products(filter),
    queryFn: ({ signal }) => getProducts(filter, signal),
    // While the next page or filter loads, the current results stay (dimmed) instead of blinking to skeletons.
    placeholderData: keepPreviousData,
  });

/** One page of the catalog for a filter, with the per-category counts for the side navigation. */
export const useProducts = (filter: ShopQuery) => useQuery(productsQueryOptions(filter));
