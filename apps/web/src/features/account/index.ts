/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const accountPages = {
  profile: () => import('./pages/profile-page'),
  addresses: () => import('./pages/addresses-page'),
  cards: () => import('./pages/cards-page'),
};
