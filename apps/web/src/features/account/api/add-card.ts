import { type SavedCard, type TokenizeBody } from '@parmeta/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, failedWith, failureMessage, useUserName } from '@/lib/call-api';
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

/**
 * After a payment with a new card the member asked to keep: the token the payment used is
 * saved (the details never reach the shop). Answers a sentence for the payment's message; a
 * card that could not be saved does not undo the payment.
 */
export async function keepPaymentCard(queryClient: QueryClient, userName: string, token: string): Promise<string> {
  try {
    await addCard(userName, token, false);
    await invalidateCards(queryClient, userName);
    return 'Your card is saved for next time.';
  } catch (error) {
    if (failedWith(error, 'CONFLICT')) return 'This card was saved already.';
    return `Your card could not be saved: ${failureMessage(error, { fieldsHint: false })}`;
  }
}
