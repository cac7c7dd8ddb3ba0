import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateCards } from './get-cards';

export const setDefaultCard = (userName: string, cardId: number) =>
  callApi('changeDefaultCard', { body: { user_id: userName, card_id: cardId } });

export function useSetDefaultCard() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => setDefaultCard(userName, cardId),
    onSuccess: () => invalidateCards(queryClient, userName),
  });
}
