/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const shopPages = {
  shop: () => import('./pages/shop-page'),
  product: () => import('./pages/product-page'),
};

// For the cart, checkout and orders: product details, cache keys, the stock rule of a cart
// line, and the API call path with its failure messages. The router imports this index, so
// the bundler may place these modules in the entry chunk: they stay small, have no styles,
// and import no contract schemas (calls go by route name, see api/call-api.ts).
export { productQueryOptions } from './api/get-product';
export { shopKeys } from './api/query-keys';
export { callApi, failedWith, failureMessage, isApiFailure, type ApiFailure } from './api/call-api';
export { addableQty, lineLimit } from './model/cart-limit';
