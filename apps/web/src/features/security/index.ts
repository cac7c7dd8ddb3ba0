/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const securityPages = {
  security: () => import('./pages/security-page'),
};
