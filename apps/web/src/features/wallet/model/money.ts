import { ASSET_SCALE, formatMoney, toMinor, type Asset } from '@parmeta/contracts';

export const ASSET_NAMES: Record<Asset, string> = { par: 'par', meta: 'meta', premium: 'points' };

/** 1234.5 -> "1,234.50"; points are whole. Locale-independent, as formatMoney is. */
export function formatAmount(value: number, asset: Asset = 'par'): string {
  const scale = ASSET_SCALE[asset];
  try {
    return formatMoney(toMinor(Math.abs(value), scale), scale);
  } catch {
    return Math.abs(value).toFixed(scale);
  }
}

/** "1,234.50 par", "300 points"; a negative amount keeps its minus sign. */
export const formatAsset = (value: number, asset: Asset = 'par') => `${value < 0 ? '−' : ''}${formatAmount(value, asset)} ${ASSET_NAMES[asset]}`;

/** A ledger movement from this user's side: "+25.00 par", "−45.00 par". */
export const formatSigned = (value: number, asset: Asset) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatAmount(value, asset)} ${ASSET_NAMES[asset]}`;
