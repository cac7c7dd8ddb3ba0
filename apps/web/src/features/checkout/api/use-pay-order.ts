import type { PayOrderBody, TokenizeBody } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { afterOrderChange } from '@/features/orders';
import { isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import type { PaymentChoice } from '../model/payment';
import { useIdempotencyKey } from './idempotency';
import { payOrder, tokenizeCard } from './pay-order';

type PayInput = { orderNo: string; choice: PaymentChoice; card: TokenizeBody | null };


/**
 * Pays the order. A new card is tokenized first; its token is kept while the card details
 * stay the same, so a retry after a dropped connection sends the same body with the same
 * Idempotency-Key and cannot charge twice.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const token = useRef<{ card: string; token: string } | null>(null);

  return useMutation({
    mutationFn: async ({ orderNo, choice, card }: PayInput) => {
      let body: PayOrderBody;
      if (choice.kind === 'par') body = { orderNo, method: 'par' };
      else if (choice.kind === 'saved') body = { orderNo, method: 'card', card_id: choice.cardId };
      else {
        if (!card) throw new Error('The card details are missing.');
        const cardText = JSON.stringify(card);
        if (token.current?.card !== cardText) token.current = { card: cardText, token: (await tokenizeCard(card)).token };
        body = { orderNo, method: 'card', cardToken: token.current.token };
      }
      return payOrder(body, idempotency.keyFor(body));
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
