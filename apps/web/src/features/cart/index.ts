/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const cartPages = {
  cart: () => import('./pages/cart-page'),
};

// The cart joined with product details, for the checkout's summary and its stock check.
export { useCartLines } from './api/use-cart-lines';
export { checkoutBlocker, estimatedSubtotal, lineTotal, type CartLineView } from './model/cart-lines';
export type { CartArrival } from './model/arrival';
