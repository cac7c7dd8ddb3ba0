// The contract's price bound (`shopFilter`'s priceFr / priceTo), checked by hand so the shop
// does not load zod and the schemas for it: see parse-shop-params.ts. The tests hold it to the schema.

const MAX_PRICE = 1_000_000;

export type PriceBound = { ok: true; value: number | undefined } | { ok: false; message: string };

/** A price bound as typed or as found in the address: empty is no bound. */
export function readPriceBound(text: string): PriceBound {
  if (text === '') return { ok: true, value: undefined };
  // As zod's coerce.number(): Number() of the text, finite only ("1e3" is 1000, " " is 0).
  const value = Number(text);
  if (!Number.isFinite(value) || value > MAX_PRICE) return { ok: false, message: 'must be a number' };
  if (value < 0) return { ok: false, message: 'must be 0 or more' };
  return { ok: true, value };
}
