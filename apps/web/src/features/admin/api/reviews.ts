import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callForMessage, callApi } from '@/lib/call-api';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export type ReviewView = 'all' | 'visible' | 'hidden';

export const reviewsQueryOptions = (status: ReviewView, page: number) =>
  queryOptions({
    queryKey: adminKeys.reviews(status, page),
    queryFn: ({ signal }) => callApi('adminReviews', { body: { page, pageSize: ADMIN_PAGE_SIZE, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminReviews = (status: ReviewView, page: number) => useQuery(reviewsQueryOptions(status, page));

/** Hide a review from the shop or show it again (audited); the storefront's ratings move with it. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; hidden: boolean }) => callForMessage('adminHideReview', { body: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.reviewLists() }), queryClient.invalidateQueries({ queryKey: ['shop'] }), queryClient.invalidateQueries({ queryKey: ['reviews'] })]),
  });
}
