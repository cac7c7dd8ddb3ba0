/**
 * Money crosses the API as a JSON number in major units with at most `scale` decimals,
 * and lives everywhere else as an integer count of minor units. The conversion goes
 * through the number's shortest decimal text (what `String(n)` prints), never through
 * float multiplication, so 0.29 becomes 29 and not 28.999999999999996.
 *
 * No zod here: the web app formats prices on pages that validate nothing. The schemas are in
 * money-schema.ts.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The balances a member holds. */
export const ASSETS = ['par', 'meta', 'premium'] as const;
export type Asset = (typeof ASSETS)[number];
/** Decimal places per asset: par and meta are money-like, premium points are whole. */
export const ASSET_SCALE: Record<Asset, number> = { par: 2, meta: 2, premium: 0 };

export class MoneyFormatError extends Error {}

export function toMinor(value: number | string, scale = 2): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyFormatError(`"${text}" is not a plain decimal number`);
  const [, sign, whole = '0', frac = ''] = m;
  if (frac.length > scale) throw new MoneyFormatError(`"${text}" has more than ${scale} decimals`);
  const minor = BigInt(whole + frac.padEnd(scale, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyFormatError(`"${text}" is too large`);
  const n = Number(minor);
  return sign === '-' && n !== 0 ? -n : n;
}

/** Integer minor units back to the decimal text, e.g. 1999 -> "19.99", -5 -> "-0.05". */
export function minorToDecimal(minor: number, scale = 2): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`${minor} is not a whole number of minor units`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Integer minor units to the JSON number the API answers: the double nearest the exact decimal.
 * Dividing by 10^scale gives that same double (both numbers are exact, and IEEE division rounds
 * the exact quotient to the nearest), without making the text first: the catalog converts every
 * price it lists, and the text was 2% of a list page's CPU.
 */
export function fromMinor(minor: number, scale = 2): number {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`${minor} is not a whole number of minor units`);
  return minor / 10 ** scale;
}

export function hasAtMostDecimals(value: number, scale: number): boolean {
  return DECIMAL.test(String(value)) && (String(value).split('.')[1] ?? '').length <= scale;
}

/** Format for display, e.g. formatMoney(1999) -> "19.99". Locale-independent on purpose: amounts read the same everywhere. */
export function formatMoney(minor: number, scale = 2): string {
  const [whole = '0', frac] = minorToDecimal(minor, scale).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
