/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const walletPages = {
  wallet: () => import('./pages/wallet-page'),
};
