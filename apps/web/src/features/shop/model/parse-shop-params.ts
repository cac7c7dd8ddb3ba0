import { shopFilter } from '@parmeta/contracts';
import { SHOP_PAGE_SIZE, type ShopQuery } from './shop-filter';

// Apart from shop-filter.ts: parsing needs the contract's schema (and zod), which the pages that
// only link to the shop (a product's category link) should not load.

const KEYS = ['search', 'category', 'priceFr', 'priceTo', 'sort', 'page'] as const;

/**
 * The shop's filter lives in the address (shareable, and the back button steps through it).
 * It is parsed with the contract's schema; a part that does not parse (a hand-edited
 * "priceFr=abc") is dropped rather than breaking the page.
 */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (let attempt = 0; attempt <= KEYS.length; attempt++) {
    const result = shopFilter.safeParse({ ...raw, pageSize: SHOP_PAGE_SIZE });
    if (result.success) return ordered(result.data);
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    if (Object.keys(raw).length === before) break;
  }
  return shopFilter.parse({ pageSize: SHOP_PAGE_SIZE });
}

/** A range typed the wrong way round ("from 100 to 20") means 20 to 100. */
function ordered(filter: ShopQuery): ShopQuery {
  const { priceFr, priceTo } = filter;
  if (priceFr !== undefined && priceTo !== undefined && priceFr > priceTo) return { ...filter, priceFr: priceTo, priceTo: priceFr };
  return filter;
}
