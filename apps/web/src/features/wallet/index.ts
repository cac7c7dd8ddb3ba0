/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const walletPages = {
  wallet: () => import('./pages/wallet-page'),
};

// For the NFT market: balances, card payments, and the form plumbing they share.
export { invalidateWallet } from './api/keys';
export { setBalances, useWallet } from './api/get-wallet';
export { useRates } from './api/get-rates';
export { IDEMPOTENCY_HEADER } from './api/move-money';
export { useCardPayment, type CardSource } from './api/pay-by-card';
export { useCardSource } from './api/use-card-source';
export { amountOf, checkBody, serverFieldErrors, type FieldErrors } from './model/form';
export { formatAmount, formatAsset } from './model/money';
