/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const shopPages = {
  shop: () => import('./pages/shop-page'),
  product: () => import('./pages/product-page'),
};

// For the cart, checkout and orders: product details, cache keys and the stock rule of a
// cart line. The router imports this index, so the bundler may place these modules in the
// entry chunk: they stay small, have no styles, and import no contract schemas (calls go by route name, see lib/call-api.ts).
export { productQueryOptions } from './api/get-product';
export { shopKeys } from './api/query-keys';
export { addableQty, lineLimit } from './model/cart-limit';
