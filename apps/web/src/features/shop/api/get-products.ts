import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { parseShopParams } from '../model/parse-shop-params';
import type { ShopQuery } from '../model/shop-filter';
import { callApi } from '@/lib/call-api';
import { takeFirstList } from '@/lib/first-data';
import { shopKeys } from './query-keys';

export const getProducts = (filter: ShopQuery, signal?: AbortSignal) => callApi('shopProducts', { body: filter }, { signal });

type ProductsPage = Awaited<ReturnType<typeof getProducts>>;

/** A bare /shop's filter: the one whose first page may come with the page's HTML. */
const isBareShop = (filter: ShopQuery) => JSON.stringify(filter) === JSON.stringify(parseShopParams(new URLSearchParams()));

/**
 * On the page's first load, a bare /shop's first page may have come with the page's HTML
 * (lib/first-data.ts): it is shown at once, as fresh as an answer just received.
 */
export const productsQueryOptions = (filter: ShopQuery) =>
  queryOptions({
    queryKey: shopKeys.products(filter),
    queryFn: ({ signal }) => getProducts(filter, signal),
    initialData: () => takeFirstList<ProductsPage>('shopProducts', isBareShop(filter)),
    initialDataUpdatedAt: () => Date.now(),
    // While the next page or filter loads, the current results stay (dimmed) instead of blinking to skeletons.
    placeholderData: keepPreviousData,
  });

/** One page of the catalog for a filter, with the per-category counts for the side navigation. */
export const useProducts = (filter: ShopQuery) => useQuery(productsQueryOptions(filter));
