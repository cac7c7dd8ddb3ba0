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
