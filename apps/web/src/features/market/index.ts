/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const marketPages = {
  market: () => import('./pages/market-page'),
  nft: () => import('./pages/nft-page'),
  myNfts: () => import('./pages/my-nfts-page'),
};
