/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const checkoutPages = {
  checkout: () => import('./pages/checkout-page'),
};
