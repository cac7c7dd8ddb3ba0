/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const ordersPages = {
  orders: () => import('./pages/orders-page'),
  orderDetail: () => import('./pages/order-detail-page'),
};
