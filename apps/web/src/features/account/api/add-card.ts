import { type SavedCard, type TokenizeBody } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateCards } from './get-cards';
import { tokenizeCard } from './tokenize-card';

export const addCard = (userName: string, token: string, makeDefault: boolean): Promise<SavedCard> =>
  callApi('addCard', { body: { user_id: userName, token, ...(makeDefault ? { makeDefault: true } : {}) } });

export interface SaveCardInput {
  card: TokenizeBody;
  makeDefault: boolean;
}

/** Saving a card is two calls: the gateway turns the details into a token, the shop saves the token. */
export function useSaveCard() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ card, makeDefault }: SaveCardInput) => {
      const { token } = await tokenizeCard(card);
      return addCard(userName, token, makeDefault);
    },
    onSuccess: () => invalidateCards(queryClient, userName),
  });
}
