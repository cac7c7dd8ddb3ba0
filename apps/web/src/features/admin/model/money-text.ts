import { formatMoney, toMinor, type Asset } from '@parmeta/contracts';

const UNITS: Record<Asset, string> = { par: 'par', meta: 'meta', premium: 'points' };

/** An amount of an asset as the API answers it (major units), e.g. "1,234.50 par", "-1,200 points". */
export function assetAmount(value: number, asset: Asset): string {
  const scale = asset === 'premium' ? 0 : 2;
  return `${formatMoney(toMinor(value, scale), scale)} ${UNITS[asset]}`;
}

/** The number alone, for table cells whose column names the unit. */
export const assetNumber = (value: number, asset: Asset) => assetAmount(value, asset).replace(/ \S+$/, '');
