import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { firstScreenShown } from '@/lib/first-screen';
import { shopKeys } from './query-keys';

/** A product page's related products and what customers also bought; below `shopKeys.all`, so stock changes refresh it. */
export const relatedQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shopKeys.related(id),
    // Below the product: after the page's first screen (lib/first-screen.ts).
    queryFn: ({ signal }) => firstScreenShown().then(() => callApi('relatedProducts', { params: { id } }, { signal })),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 60_000,
  });

export const useRelated = (id: number) => useQuery(relatedQueryOptions(id));
