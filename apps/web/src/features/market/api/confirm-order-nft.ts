import { IDEMPOTENCY_HEADER } from '@/features/wallet';
import { callForMessage } from '@/lib/call-api';

/**
 * POST /gx/confirmOrdernft: pays the reservation from par and takes ownership. The key is
 * the purchase attempt's: a retry after a lost answer replays the payment instead of repeating it.
 */
export const confirmOrderNft = (orderNo: string, idempotencyKey: string) =>
  callForMessage('confirmOrderNft', { body: { orderNo } }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
