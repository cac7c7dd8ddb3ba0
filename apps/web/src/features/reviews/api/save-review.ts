import type { ReviewFields } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callForMessage } from '@/lib/call-api';
import { reviewsKeys } from './query-keys';

export const saveReview = (productId: number, body: ReviewFields) => callForMessage('saveReview', { params: { id: productId }, body });

/** Writes or edits the member's review; every page of the product's reviews is read again, and `onSaved` lets the page refresh the product's rating. */
export function useSaveReview(productId: number, onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewFields) => saveReview(productId, body),
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: reviewsKeys.product(productId) });
    },
  });
}
