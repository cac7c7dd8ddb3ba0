import type { Asset } from '@parmeta/contracts';

/**
 * The trial balance's lines, in the order a reader expects them: what members hold, then
 * where money came from and went. `account` is 'members' (every user account of the asset
 * together) or a system account's code. Payouts: the `payouts` account holds withdrawals still
 * pending; a completed one leaves through `gateway_clearing`, where its part is named "Payouts
 * paid out" (docs/decisions/0040).
 */
export const TRIAL_BALANCE_LINES: Record<Asset, readonly { account: string; label: string }[]> = {
  par: [
    { account: 'members', label: "Members' par" },
    { account: 'shop_revenue', label: 'Shop revenue (orders paid with par)' },
    { account: 'fees', label: 'NFT marketplace fees' },
    { account: 'nft_sales', label: "Platform's own NFT sales" },
    { account: 'payouts', label: 'Payouts pending' },
    { account: 'gateway_clearing', label: 'Gateway clearing (card money in, payouts paid out)' },
    { account: 'meta_bridge', label: 'Metaverse bridge (par moved to meta)' },
    { account: 'conversion', label: 'Points conversion (par issued for points)' },
  ],
  meta: [
    { account: 'members', label: "Members' meta" },
    { account: 'meta_bridge', label: 'Metaverse bridge (meta issued)' },
  ],
  premium: [
    { account: 'members', label: "Members' premium points" },
    { account: 'premium_issuance', label: 'Premium points issued' },
  ],
};

/** Journal entry kinds in words (the ledger's `kind`), for the parts of a balance. */
export const ENTRY_KIND_LABELS: Record<string, string> = {
  topup: 'Card top-ups',
  nft_purchase: 'NFT purchases',
  shop_payment: 'Shop orders paid with par',
  shop_refund: 'Cancelled shop orders refunded',
  points_award: 'Points awarded',
  points_reversal: 'Points taken back',
  par_to_meta: 'Par moved to meta',
  premium_to_par: 'Points converted to par',
  payout_request: 'Withdrawals requested',
  payout_completed: 'Payouts paid out',
  payout_failed: 'Failed withdrawals returned',
};

export const entryKindLabel = (kind: string) => ENTRY_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
