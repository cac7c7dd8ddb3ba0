import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

const FIVE_MINUTES = 300_000;

/**
 * The public showcase: featured products and NFTs, no session needed. The home page is
 * preloaded with the entry, so it calls through `callRoute`, which loads the route table
 * (and zod) only when the call is made, after the first paint.
 */
export const featuredQueryOptions = queryOptions({
  queryKey: ['home', 'featured'] as const,
  queryFn: async ({ signal }) => {
    const result = await callRoute('featured', {}, { signal });
    if (!result.status) throw new Error(result.msg);
    return result.data;
  },
  staleTime: FIVE_MINUTES,
});

export const useFeatured = () => useQuery(featuredQueryOptions);
