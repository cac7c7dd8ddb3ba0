import { ASSETS, type Asset, type Payout, type Transaction } from '@parmeta/contracts';

/** Ledger entry kinds in plain words. */
export const TRANSACTION_LABELS: Record<Transaction['type'], string> = {
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

export const PAYOUT_STATUS_LABELS: Record<Payout['status'], string> = { pending: 'Pending', completed: 'Paid out', failed: 'Failed' };

/** The movements of one entry in asset order, zero sides left out. */
export function movements(amounts: Transaction['amounts']): { asset: Asset; value: number }[] {
  return ASSETS.flatMap((asset) => {
    const value = amounts[asset];
    return value === undefined || value === 0 ? [] : [{ asset, value }];
  });
}

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** Epoch milliseconds as "12 Mar 2026, 14:05" in the viewer's time zone. */
export const formatDateTime = (at: number) => dateTime.format(at);
