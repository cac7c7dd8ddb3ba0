import { z } from '../zod.js';
import { numeric } from './number-input.js';
import { hasAtMostDecimals } from './money.js';

/** Schema for a money amount in major units: finite, plain decimal, at most `scale` decimals. */
export const moneySchema = (scale = 2) =>
  z
    .number({ error: 'must be a number' })
    // No amount of ours comes near this; the bound keeps every amount exact in minor units.
    .max(MONEY_MAX, `must be at most ${MONEY_MAX}`)
    .min(-MONEY_MAX, `must be at least -${MONEY_MAX}`)
    .refine((v) => Number.isFinite(v) && hasAtMostDecimals(v, scale), {
      message: scale === 0 ? 'must be a whole number' : `must have at most ${scale} decimals`,
    });

/** The largest amount any money field takes, in major units. */
export const MONEY_MAX = 1_000_000_000;

/** A strictly positive money amount. */
export const positiveMoneySchema = (scale = 2) => moneySchema(scale).refine((v) => v > 0, 'must be more than 0');

/**
 * A price bound of a browsing filter (the shop's and the market's priceFr / priceTo), as an
 * address or a form sends it: empty is no bound, otherwise a decimal number from 0 to 1,000,000.
 */
export const priceBoundSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  numeric(z.number().min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000')).optional(),
);
