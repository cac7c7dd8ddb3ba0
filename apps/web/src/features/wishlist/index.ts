/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const wishlistPages = {
  wishlist: () => import('./pages/wishlist-page'),
};

// The heart and the back-in-stock request, for the shop's cards and product page (lazy pages themselves).
export { WishButton } from './components/wish-button';
export { BackInStock } from './components/back-in-stock';
