import type { OrderStatus } from '@parmeta/contracts';

export interface OrderActions {
  ship: boolean;
  deliver: boolean;
  cancel: boolean;
}

/**
 * What an admin may do with an order in a given state, as the server's state machine
 * allows it: paid -> shipped -> delivered; pending_payment or paid -> cancelled.
 * The server still decides (422 with a message when the order moved meanwhile).
 */
export function orderActions(status: OrderStatus): OrderActions {
  return {
    ship: status === 'paid',
    deliver: status === 'shipped',
    cancel: status === 'pending_payment' || status === 'paid',
  };
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
