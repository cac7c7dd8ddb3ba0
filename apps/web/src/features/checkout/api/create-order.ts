import type { CreateOrderBody } from '@parmeta/contracts';
import { callApi } from '@/lib/call-api';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Places the order: the server prices every line and reserves the stock. 409 OUT_OF_STOCK names the product. */
export const createOrder = (body: CreateOrderBody, idempotencyKey: string) =>
  callApi('createOrder', { body }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** New shipping details or note for an order that still awaits payment. */
export const updateOrder = (orderNo: string, body: Pick<CreateOrderBody, 'shipping' | 'note'>) =>
  callApi('updateOrder', { query: { orderNo }, body: { shipping: body.shipping, note: body.note ?? '' } });

export { IDEMPOTENCY_HEADER };
