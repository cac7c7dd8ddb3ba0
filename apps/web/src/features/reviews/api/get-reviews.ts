import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE } from '@parmeta/contracts';
import { callApi } from '@/lib/call-api';
import { firstScreenShown } from '@/lib/first-screen';
import { reviewsKeys, type ReviewSort } from './query-keys';

export const getReviews = (productId: number, sort: ReviewSort, page: number, signal?: AbortSignal) =>
  callApi('productReviews', { params: { id: productId }, query: { sort, page, pageSize: REVIEWS_PAGE_SIZE } }, { signal });

/** One page of a product's reviews with its rating summary; the page before stays shown while the next loads. */
export const reviewsQueryOptions = (productId: number, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: reviewsKeys.page(productId, sort, page),
    // Further down the page than its first screen: after it (lib/first-screen.ts).
    queryFn: async ({ signal }) => {
      await firstScreenShown();
      return getReviews(productId, sort, page, signal);
    },
    placeholderData: keepPreviousData,
  });

export const useReviews = (productId: number, sort: ReviewSort, page: number) => useQuery(reviewsQueryOptions(productId, sort, page));
