import { ASSET_SCALE, fromMinor, toMinor, type Asset, type Balances } from '@parmeta/contracts';
import { formatAmount, formatAsset } from './money';

/** A balance as it will be once the action has gone through. */
export interface After {
  asset: Asset;
  label: string;
  value: number;
}

const LABELS: Record<Asset, string> = { par: 'Par', meta: 'Meta', premium: 'Points' };

/** `balance + change` in the asset's minor units, so 760.1 + 0.2 is 760.30 and not 760.3000000001. */
function plus(balance: number, change: number, asset: Asset): number {
  const scale = ASSET_SCALE[asset];
  return fromMinor(toMinor(balance.toFixed(scale), scale) + toMinor(Math.abs(change).toFixed(scale), scale) * Math.sign(change), scale);
}

const after = (balances: Balances, changes: Partial<Record<Asset, number>>): After[] =>
  (Object.entries(changes) as [Asset, number][]).map(([asset, change]) => ({ asset, label: LABELS[asset], value: plus(balances[asset], change, asset) }));

/** What each money-moving action will do, in one sentence, and the balances it leaves. */
export interface Review {
  sentence: string;
  after: After[];
}

export const reviewTopUp = (balances: Balances, amount: number, card: string): Review => ({
  sentence: `You pay ${formatAmount(amount)} USD with ${card} and get ${formatAsset(amount)}.`,
  after: after(balances, { par: amount }),
});

export const reviewToMeta = (balances: Balances, amount: number): Review => ({
  sentence: `You move ${formatAsset(amount)} to meta.`,
  after: after(balances, { par: -amount, meta: amount }),
});

/** Points become par at `premiumPerPar` points for 1.00 par. */
export function reviewConvert(balances: Balances, points: number, premiumPerPar: number): Review {
  const par = fromMinor(Math.round((points * 100) / premiumPerPar));
  return { sentence: `You turn ${formatAsset(points, 'premium')} into ${formatAsset(par)}.`, after: after(balances, { premium: -points, par }) };
}

export const reviewWithdraw = (balances: Balances, amount: number, destination: string): Review => ({
  sentence: `You withdraw ${formatAsset(amount)} to ${destination}.`,
  after: after(balances, { par: -amount }),
});

/** "Amount must be at most your balance, 10.00 par": the action would take more than there is. */
export function overBalance(label: string, wanted: number, balance: number, asset: Asset): string | undefined {
  return wanted > balance ? `${label} must be at most your balance, ${formatAsset(balance, asset)}` : undefined;
}

/** A destination as a person reads it: an IBAN in groups of four, a 0x address as typed. */
export function displayDestination(destination: string): string {
  const trimmed = destination.trim();
  if (/^0x/i.test(trimmed)) return trimmed;
  return trimmed
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A destination as it is sent and kept: an IBAN without spaces, in capitals (as banks write it); a 0x address as typed. */
export function normalDestination(destination: string): string {
  const trimmed = destination.trim();
  return /^0x/i.test(trimmed) ? trimmed : trimmed.replace(/\s/g, '').toUpperCase();
}
