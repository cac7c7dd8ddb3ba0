import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { reviewsKeys } from './query-keys';

export const voteReview = (reviewId: number, helpful: boolean) => callApi('voteReview', { params: { id: reviewId }, body: { helpful } });

/** Marks a review helpful or takes the mark back; the product's pages are read again (the "most helpful" order may change). */
export function useVoteReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: number; helpful: boolean }) => voteReview(reviewId, helpful),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.product(productId) }),
  });
}
