import { type CardToken, type TokenizeBody } from '@parmeta/contracts';
import { callApi } from '@/lib/call-api';

/**
 * Card details go to the payment gateway's tokenize endpoint and nowhere else: the shop
 * only ever receives the token. No access token is sent; the gateway is not the shop.
 */
export const tokenizeCard = (card: TokenizeBody): Promise<CardToken> => callApi('tokenizeCard', { body: card }, { token: null });
