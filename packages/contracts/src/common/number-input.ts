import { z } from '../zod.js';
import { NUMERIC_TEXT } from './numeric-text.js';

/**
 * A number as JSON sends it, or as a query string or a form sends it (a numeric text), then
 * checked by `inner`. Nothing else: z.coerce.number would also turn true, [2], '' and null into
 * numbers, and so a wrong type into a real order.
 */
export const numeric = <T extends z.ZodType<number, number>>(inner: T, missing = 'is required') =>
  z
    .union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)], { error: (issue) => (issue.input === undefined ? missing : 'must be a number') })
    .pipe(inner);

/** A whole number id (of a product, an address, a card, ...), from JSON or from a path or query. */
export const idNumber = (message = 'must be a positive id') => numeric(z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
