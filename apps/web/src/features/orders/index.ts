/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const ordersPages = {
  orders: () => import('./pages/orders-page'),
  orderDetail: () => import('./pages/order-detail-page'),
  receipt: () => import('./pages/receipt-page'),
};

// For the checkout: the order it is paying, and what to refresh once the order changes.
export { orderQueryOptions, isOrderNo } from './api/get-order';
export { afterOrderChange, cancelOrder } from './api/cancel-order';
export { ordersKeys } from './api/query-keys';
