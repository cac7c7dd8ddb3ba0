import { NUMERIC_TEXT } from '@parmeta/contracts';

// The rules of the contracts' browsing filters (`shopFilter`, `marketFilter`: search, category,
// price range, sort, page), checked by hand: with the schemas, the shop's and the market's first
// load carried zod and the browsing schemas (~30 kB gzip, and their set-up on the main thread)
// for six fields. browse-filter.test.ts holds these rules to both schemas.

const MAX_PRICE = 1_000_000;
/** The search text's limit (the contract refuses longer text), also the inputs' maxLength. */
export const SEARCH_MAX_LENGTH = 100;
const MAX_CATEGORY = 60;
const MAX_PAGE = 100_000;

export type PriceBound = { ok: true; value: number | undefined } | { ok: false; message: string };

/** A price bound as typed or as found in the address: empty is no bound. */
export function readPriceBound(text: string): PriceBound {
  if (text === '') return { ok: true, value: undefined };
  // As the contract's `numeric`: a plain decimal text only ("1e3", " " and "0x10" are not).
  if (!NUMERIC_TEXT.test(text)) return { ok: false, message: 'must be a number' };
  const value = Number(text);
  if (value < 0) return { ok: false, message: 'must be 0 or more' };
  if (value > MAX_PRICE) return { ok: false, message: `must be at most ${MAX_PRICE}` };
  return { ok: true, value };
}

/** What a browsing address holds once read; a price is undefined when there is no bound. */
export interface BrowseParams<S extends string | undefined> {
  search: string;
  category: string;
  priceFr: number | undefined;
  priceTo: number | undefined;
  sort: S;
  page: number;
}

const text = (value: string | null, max: number): string | undefined => {
  const trimmed = value?.trim();
  return trimmed !== undefined && trimmed.length <= max ? trimmed : undefined;
};

const pageOf = (value: string | null): number | undefined => {
  // As the contract's `numeric`: a plain decimal text only.
  const n = value === null || !NUMERIC_TEXT.test(value) ? Number.NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAGE ? n : undefined;
};

/** An empty price is no bound; one that does not parse is dropped too. */
const priceOf = (value: string | null): number | undefined => {
  const bound = value === null ? undefined : readPriceBound(value);
  return bound?.ok ? bound.value : undefined;
};

/**
 * A browsing filter lives in the address (shareable, and the back button steps through it).
 * Each part is read as the contract reads it; a part that does not parse (a hand-edited
 * "priceFr=abc") falls back to its default rather than breaking the page. A filter whose
 * default sort depends on the rest (the shop's) passes undefined and decides it itself.
 */
export function readBrowseParams<S extends string, D extends S | undefined>(params: URLSearchParams, sorts: readonly S[], defaultSort: D): BrowseParams<S | D> {
  const sort = params.get('sort');
  const priceFr = priceOf(params.get('priceFr'));
  const priceTo = priceOf(params.get('priceTo'));
  // A range typed the wrong way round ("from 100 to 20") means 20 to 100.
  const reversed = priceFr !== undefined && priceTo !== undefined && priceFr > priceTo;
  return {
    search: text(params.get('search'), SEARCH_MAX_LENGTH) ?? '',
    category: text(params.get('category'), MAX_CATEGORY) ?? 'all',
    priceFr: reversed ? priceTo : priceFr,
    priceTo: reversed ? priceFr : priceTo,
    sort: sorts.find((s) => s === sort) ?? defaultSort,
    page: pageOf(params.get('page')) ?? 1,
  };
}

type PriceKey = 'priceFr' | 'priceTo';

/** The contract's messages read as sentence endings ("must be a number"); others get a plain fallback. */
const sentence = (label: string, message: string) => (/^(is|must) /.test(message) ? `${label} ${message}` : `${label} is not a price we can search for`);

/**
 * A price range as typed in a filter form, each bound checked with the contract's rule (a
 * decimal number, 0 or more; "12,5" is read as 12.5). `reversed` is the message for a range
 * whose start is above its end, under the second field.
 */
export function checkPriceRange(typed: Record<PriceKey, string>, labels: Record<PriceKey, string>, reversed: string) {
  const errors: Partial<Record<PriceKey, string>> = {};
  const values: Record<PriceKey, number | undefined> = { priceFr: undefined, priceTo: undefined };
  for (const key of ['priceFr', 'priceTo'] as const) {
    const bound = readPriceBound(typed[key].trim().replace(',', '.'));
    if (bound.ok) values[key] = bound.value;
    else errors[key] = sentence(labels[key], bound.message);
  }
  if (values.priceFr !== undefined && values.priceTo !== undefined && values.priceFr > values.priceTo) errors.priceTo ??= reversed;
  return { errors, values };
}
