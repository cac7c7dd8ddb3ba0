/**
 * The wallet's limits and words, without zod: the server and the web app read them without
 * building the wallet's schemas (docs/decisions/0070, 0087).
 */

export const ledgerEntryTypes = [
  'topup',
  'par_to_meta',
  'premium_to_par',
  'payout_request',
  'payout_completed',
  'payout_failed',
  'nft_purchase',
  'nft_sale',
  'shop_payment',
  'shop_refund',
  'points_award',
  'points_reversal',
] as const;

/** Ledger entry kinds in plain words: the history's type column, on screen and in its CSV. */
export const LEDGER_ENTRY_LABELS: Record<(typeof ledgerEntryTypes)[number], string> = {
  topup: 'Top-up by card',
  par_to_meta: 'Par to meta',
  premium_to_par: 'Points to par',
  payout_request: 'Withdrawal requested',
  payout_completed: 'Withdrawal paid out',
  payout_failed: 'Withdrawal failed, refunded',
  nft_purchase: 'NFT purchase',
  nft_sale: 'NFT sale',
  shop_payment: 'Shop order',
  shop_refund: 'Shop refund',
  points_award: 'Points earned',
  points_reversal: 'Points taken back',
};

/** The most movements one CSV download holds; a longer history is downloaded a date range at a time. */
export const HISTORY_CSV_MAX_ROWS = 10_000;

export const WALLET_LIMITS = {
  /** Largest single top-up, transfer or withdrawal, in major units. */
  maxAmount: 100_000,
  minWithdrawal: 10,
} as const;
