import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, failedWith } from '@/lib/call-api';
import { takeFirstProduct } from '@/lib/first-data';
import { shopKeys } from './query-keys';

export const getProduct = (id: number, signal?: AbortSignal) => callApi('productDetail', { params: { id } }, { signal });

/**
 * A product with its stock. A product that is gone (404) is an answer, not a reason to retry. On
 * the page's first load the product may have come with the page's HTML (lib/first-data.ts): it is
 * shown at once, as fresh as an answer just received.
 */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shopKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    initialData: () => takeFirstProduct(id),
    initialDataUpdatedAt: () => Date.now(),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (failures, error) => !failedWith(error, 'NOT_FOUND') && !failedWith(error, 'BAD_REQUEST') && failures < 1,
  });

export const useProduct = (id: number) => useQuery(productQueryOptions(id));
