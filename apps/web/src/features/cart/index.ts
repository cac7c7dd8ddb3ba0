/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const cartPages = {
  cart: () => import('./pages/cart-page'),
};
