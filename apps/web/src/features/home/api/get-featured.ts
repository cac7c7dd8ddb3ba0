import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

const FIVE_MINUTES = 300_000;

/** The public showcase: featured products and NFTs, no session needed (so no session check around the call). */
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
