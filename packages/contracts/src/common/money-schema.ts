import { z } from '../zod.js';
import { hasAtMostDecimals } from './money.js';

/** Schema for a money amount in major units: finite, plain decimal, at most `scale` decimals. */
export const moneySchema = (scale = 2) =>
  z
    .number({ error: 'must be a number' })
    .refine((v) => Number.isFinite(v) && hasAtMostDecimals(v, scale), {
      message: scale === 0 ? 'must be a whole number' : `must have at most ${scale} decimals`,
    });

/** A strictly positive money amount. */
export const positiveMoneySchema = (scale = 2) => moneySchema(scale).refine((v) => v > 0, 'must be more than 0');

/**
 * A price bound of a browsing filter (the shop's and the market's priceFr / priceTo), as an
 * address or a form sends it: empty is no bound, otherwise a decimal number from 0 to 1,000,000.
 */
export const priceBoundSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(1_000_000).optional(),
);
