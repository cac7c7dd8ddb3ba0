import type { PayOrderBody, TokenizeBody } from '@parmeta/contracts';
import { callApi } from '@/lib/call-api';
import { IDEMPOTENCY_HEADER } from './create-order';

/** Pays the order from par or with a card; a decline (422) leaves the order unpaid. */
export const payOrder = (body: PayOrderBody, idempotencyKey: string) =>
  callApi('payOrder', { body }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/**
 * Card details go to the payment gateway's tokenize endpoint and nowhere else; the shop
 * only receives the token. No access token is sent: the gateway is not the shop.
 */
export const tokenizeCard = (card: TokenizeBody) => callApi('tokenizeCard', { body: card }, { token: null });
