import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateCards } from './get-cards';

export const deleteCard = (userName: string, cardId: number) => callApi('deleteCard', { body: { user_id: userName, card_id: cardId } });

export function useDeleteCard() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => deleteCard(userName, cardId),
    onSuccess: () => invalidateCards(queryClient, userName),
  });
}
