/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const homePages = {
  home: () => import('./pages/home-page'),
};
