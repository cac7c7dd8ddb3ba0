/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const cartPages = {
  cart: () => import('./pages/cart-page'),
};

// The cart joined with product details, for the checkout's summary and its stock check.
export { useCartLines } from './api/use-cart-lines';
export { checkoutBlocker, estimatedSubtotal, lineTotal, type CartLineView } from './model/cart-lines';
export type { CartArrival } from './model/arrival';

// The cart kept per account: the sync the signed-in app runs, and the server's copy with its shipping rule.
export { useCartSync } from './api/use-cart-sync';
export { useServerCart } from './api/server-cart';
