import type { PayOrderBody, TokenizeBody } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { afterOrderChange } from '@/features/orders';
import { keepPaymentCard } from '@/features/account';
import { isApiFailure, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import type { PaymentChoice } from '../model/payment';
import { useIdempotencyKey } from './idempotency';
import { payOrder, tokenizeCard } from './pay-order';

type PayInput = { orderNo: string; choice: PaymentChoice; card: TokenizeBody | null; saveCard?: boolean };


/**
 * Pays the order. A new card is tokenized first; its token is kept while the card details
 * stay the same, so a retry after a dropped connection sends the same body with the same
 * Idempotency-Key and cannot charge twice.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  const userName = useUserName();
  const idempotency = useIdempotencyKey();
  const token = useRef<{ card: string; token: string } | null>(null);

  return useMutation({
    mutationFn: async ({ orderNo, choice, card, saveCard = false }: PayInput) => {
      let body: PayOrderBody;
      if (choice.kind === 'par') body = { orderNo, method: 'par' };
      else if (choice.kind === 'saved') body = { orderNo, method: 'card', card_id: choice.cardId };
      else {
        if (!card) throw new Error('The card details are missing.');
        const cardText = JSON.stringify(card);
        if (token.current?.card !== cardText) token.current = { card: cardText, token: (await tokenizeCard(card)).token };
        body = { orderNo, method: 'card', cardToken: token.current.token };
      }
      const paid = await payOrder(body, idempotency.keyFor(body));
      // Paid with a new card the member asked to keep: its token is saved now.
      const cardNote = saveCard && 'cardToken' in body && body.cardToken ? await keepPaymentCard(queryClient, userName, body.cardToken) : null;
      return { ...paid, cardNote };
    },
    onSuccess: async ({ order, balances }) => {
      idempotency.settle();
      token.current = null;
      useSessionStore.getState().setUser({ parAmount: balances.par });
      await afterOrderChange(queryClient, order);
    },
    onError: (error) => {
      if (isApiFailure(error) && error.code !== 'NETWORK') {
        idempotency.settle();
        token.current = null;
      }
    },
  });
}
