import { ASSETS, LEDGER_ENTRY_LABELS, type Asset, type Payout, type Transaction } from '@parmeta/contracts';

/** Ledger entry kinds in plain words (the same words as the CSV's). */
export const TRANSACTION_LABELS = LEDGER_ENTRY_LABELS;

export const PAYOUT_STATUS_LABELS: Record<Payout['status'], string> = { pending: 'Pending', completed: 'Paid out', failed: 'Failed' };

/** The movements of one entry in asset order, zero sides left out. */
export function movements(amounts: Transaction['amounts']): { asset: Asset; value: number }[] {
  return ASSETS.flatMap((asset) => {
    const value = amounts[asset];
    return value === undefined || value === 0 ? [] : [{ asset, value }];
  });
}

export { formatDateTime } from './date-time';
