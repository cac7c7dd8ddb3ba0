import { PAYMENT_TOKEN_HEADER, type FiatOrderBody, type TokenizeBody } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAttempt } from '../model/attempt';
import { keepPaymentCard } from '@/features/account';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { setBalances } from './get-wallet';
import { invalidateWallet } from './keys';
import { IDEMPOTENCY_HEADER } from './move-money';

/** What a card payment is for: par credit, or one NFT. */
export type CardOrder = { type: 'topup'; amount: number } | { type: 'nft'; nftId: number };

/** A saved card, or the details of a new one (which go to the gateway's tokenize endpoint only). */
export type CardSource = { card_id: number } | { card: TokenizeBody; save?: boolean };

/**
 * Card details become a gateway token; the shop never sees them. No access token is sent:
 * the gateway is not the shop.
 */
export const tokenizeCard = (card: TokenizeBody) => callApi('tokenizeCard', { body: card }, { token: null });

/**
 * One card payment: a single-use payment token from AuthToken, then GenerateOrderFiat with
 * that token in its header and the submission's Idempotency-Key.
 */
export async function payByCard(body: FiatOrderBody, idempotencyKey: string) {
  const { accessToken } = await callApi('paymentToken', {});
  return callForMessage('generateOrderFiat', { body }, { headers: { [PAYMENT_TOKEN_HEADER]: accessToken, [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/**
 * Pays a top-up or an NFT by card. A retry of the same submission reuses its key (and the
 * token of its new card), so a payment that went through but whose answer was lost is
 * not charged twice.
 */
export function useCardPayment() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  const attempt = useAttempt();
  return useMutation({
    mutationFn: async ({ order, source }: { order: CardOrder; source: CardSource }) => {
      const current = attempt.start({ order, source });
      let paidWith: { card_id: number } | { cardToken: string };
      if ('card_id' in source) {
        paidWith = { card_id: source.card_id };
      } else {
        current.cardToken ??= (await tokenizeCard(source.card)).token;
        paidWith = { cardToken: current.cardToken };
      }
      const result = await payByCard({ ...order, ...paidWith }, current.key);
      attempt.finish();
      // Paid with a new card the member asked to keep: its token is saved now.
      if ('card' in source && source.save && 'cardToken' in paidWith) return { ...result, msg: `${result.msg} ${await keepPaymentCard(queryClient, userName, paidWith.cardToken)}` };
      return result;
    },
    onSuccess: async ({ data }) => {
      setBalances(queryClient, userName, data.balances);
      await invalidateWallet(queryClient, userName);
    },
  });
}
