import { shopFilter } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { parseShopParams } from './parse-shop-params';
import { readPriceBound } from './price-bound';
import { SHOP_PAGE_SIZE, type ShopQuery } from './shop-filter';

/** The contract's reading of the address, part by part: what parseShopParams must match without zod. */
function withSchema(params: URLSearchParams): ShopQuery {
  const parsed = shopFilter.parse({ pageSize: SHOP_PAGE_SIZE });
  const filter: Record<string, unknown> = { ...parsed };
  for (const key of ['search', 'category', 'priceFr', 'priceTo', 'sort', 'page'] as const) {
    const value = params.get(key);
    if (value === null) continue;
    const result = shopFilter.safeParse({ [key]: value, pageSize: SHOP_PAGE_SIZE });
    if (result.success) filter[key] = result.data[key];
  }
  const { priceFr, priceTo } = filter as ShopQuery;
  if (priceFr !== undefined && priceTo !== undefined && priceFr > priceTo) Object.assign(filter, { priceFr: priceTo, priceTo: priceFr });
  for (const key of Object.keys(filter)) if (filter[key] === undefined) delete filter[key];
  return filter as ShopQuery;
}

const values = {
  page: ['', ' ', '1', '2', ' 3 ', '0', '-1', '1.5', '2.0', '1e2', '0x10', '100000', '100001', 'abc', 'Infinity', '9007199254740993'],
  priceFr: ['', ' ', '0', '-0', '5', '10.5', ' 7 ', '-4', 'abc', '1e3', '1000000', '1000001', 'Infinity', 'NaN', '0x1f'],
  priceTo: ['', '20', '3', '1000000.5', 'x'],
  search: ['', ' ', 'lamp', '  lamp shade ', 'a'.repeat(100), 'a'.repeat(101), ` ${'b'.repeat(100)} `, 'tasse à café'],
  category: ['', 'all', 'books', ' home-kitchen ', 'c'.repeat(60), 'c'.repeat(61)],
  sort: ['', 'relevance', 'newest', 'price_asc', 'price_desc', 'cheapest', 'NEWEST', ' newest'],
};

describe('parseShopParams', () => {
  it('reads every part as the contract schema does', () => {
    for (const [key, list] of Object.entries(values)) {
      for (const value of list) {
        const params = new URLSearchParams({ [key]: value });
        expect(parseShopParams(params), `${key}=${JSON.stringify(value)}`).toEqual(withSchema(params));
      }
    }
  });

  it('matches the schema on combined addresses', () => {
    const addresses = [
      '',
      'search=mug&priceFr=abc&priceTo=-4&sort=cheapest&page=0',
      'search=lamp&category=home-kitchen&priceFr=10.5&priceTo=99&sort=price_desc&page=3',
      'priceFr=100&priceTo=20',
      'priceFr=&priceTo=20&page=2&page=5',
      'category=books&sort=newest&unknown=1',
    ];
    for (const address of addresses) {
      const params = new URLSearchParams(address);
      expect(parseShopParams(params), address).toEqual(withSchema(params));
    }
  });
});

describe('readPriceBound', () => {
  it('answers what the contract schema answers, with its message', () => {
    const texts = ['', ' ', '0', '-0', '12.5', '1e3', '1000000', '1000000.01', '1000001', '-1', '-0.5', 'abc', '1,5', 'NaN', 'Infinity', '-Infinity', '1e400', '0x10'];
    for (const text of texts) {
      const result = shopFilter.shape.priceFr.safeParse(text);
      const expected = result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message };
      expect(readPriceBound(text), JSON.stringify(text)).toEqual(expected);
    }
  });
});
