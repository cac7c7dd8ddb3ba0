import { fromMinor, toMinor } from '@parmeta/contracts';

/**
 * What a sale at `price` par leaves the seller: the marketplace fee is `feePercent` of the price
 * in cents, rounded down (the server's rule, nft-order.service.ts), and the seller gets the rest.
 * Undefined for a price that is not one (the form says why).
 */
export function saleProceeds(price: number | undefined, feePercent: number): { fee: number; receive: number } | undefined {
  if (price === undefined || !Number.isFinite(price) || price <= 0) return undefined;
  let minor: number;
  try {
    minor = toMinor(price);
  } catch {
    return undefined;
  }
  const fee = Math.floor((minor * Math.round(feePercent * 100)) / 10_000);
  return { fee: fromMinor(fee), receive: fromMinor(minor - fee) };
}
