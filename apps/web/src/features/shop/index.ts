/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const shopPages = {
  shop: () => import('./pages/shop-page'),
  product: () => import('./pages/product-page'),
};
