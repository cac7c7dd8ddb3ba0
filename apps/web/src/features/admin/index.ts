/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const adminPages = {
  admin: () => import('./pages/admin-page'),
};
