import { marketFilter, shopFilter } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { checkPriceRange, readBrowseParams, readPriceBound } from './browse-filter';

type Filter = typeof shopFilter | typeof marketFilter;

/** The contract's reading of the address, part by part: what readBrowseParams must match without zod. */
function withSchema(schema: Filter, params: URLSearchParams): Record<string, unknown> {
  const { pageSize: _, ...filter }: Record<string, unknown> = schema.parse({});
  for (const key of ['search', 'category', 'priceFr', 'priceTo', 'sort', 'page'] as const) {
    const value = params.get(key);
    if (value === null) continue;
    const result = schema.safeParse({ [key]: value });
    if (result.success) filter[key] = result.data[key];
  }
  const { priceFr, priceTo } = filter as { priceFr?: number; priceTo?: number };
  // The pages read a range typed the wrong way round as the range it means.
  if (priceFr !== undefined && priceTo !== undefined && priceFr > priceTo) Object.assign(filter, { priceFr: priceTo, priceTo: priceFr });
  return filter;
}

/** readBrowseParams with the filter's sorts, undefined bounds left out as the schema leaves them. */
function read(schema: Filter, params: URLSearchParams): Record<string, unknown> {
  const sorts: readonly string[] = schema.shape.sort.unwrap().options;
  const filter: Record<string, unknown> = { ...readBrowseParams<string, string | undefined>(params, sorts, schema.parse({}).sort) };
  for (const key of Object.keys(filter)) if (filter[key] === undefined) delete filter[key];
  return filter;
}

const values = {
  page: ['', ' ', '1', '2', ' 3 ', '0', '-1', '1.5', '2.0', '1e2', '0x10', '100000', '100001', 'abc', 'Infinity', '9007199254740993'],
  priceFr: ['', ' ', '0', '-0', '5', '10.5', ' 7 ', '-4', 'abc', '1e3', '1000000', '1000001', 'Infinity', 'NaN', '0x1f'],
  priceTo: ['', '20', '3', '1000000.5', 'x'],
  search: ['', ' ', 'lamp', '  lamp shade ', 'a'.repeat(100), 'a'.repeat(101), ` ${'b'.repeat(100)} `, 'tasse à café'],
  category: ['', 'all', 'books', ' home-kitchen ', 'c'.repeat(60), 'c'.repeat(61)],
  sort: ['', 'relevance', 'newest', 'price_asc', 'price_desc', 'cheapest', 'NEWEST', ' newest'],
};

const addresses = [
  '',
  'search=mug&priceFr=abc&priceTo=-4&sort=cheapest&page=0',
  'search=lamp&category=home-kitchen&priceFr=10.5&priceTo=99&sort=price_desc&page=3',
  'priceFr=100&priceTo=20',
  'priceFr=&priceTo=20&page=2&page=5',
  'category=books&sort=newest&unknown=1',
];

describe.each([
  { name: 'shopFilter', schema: shopFilter as Filter },
  { name: 'marketFilter', schema: marketFilter as Filter },
])('readBrowseParams with $name', ({ schema }) => {
  it('reads every part as the contract schema does', () => {
    for (const [key, list] of Object.entries(values)) {
      for (const value of list) {
        const params = new URLSearchParams({ [key]: value });
        expect(read(schema, params), `${key}=${JSON.stringify(value)}`).toEqual(withSchema(schema, params));
      }
    }
  });

  it('matches the schema on combined addresses', () => {
    for (const address of addresses) {
      const params = new URLSearchParams(address);
      expect(read(schema, params), address).toEqual(withSchema(schema, params));
    }
  });
});

describe('readPriceBound', () => {
  it('answers what both contract schemas answer, with their message', () => {
    const texts = ['', ' ', '0', '-0', '12.5', '1e3', '1000000', '1000000.01', '1000001', '-1', '-0.5', 'abc', '1,5', 'NaN', 'Infinity', '-Infinity', '1e400', '0x10'];
    for (const schema of [shopFilter, marketFilter]) {
      for (const text of texts) {
        const result = schema.shape.priceFr.safeParse(text);
        const expected = result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message };
        expect(readPriceBound(text), JSON.stringify(text)).toEqual(expected);
      }
    }
  });
});

describe('checkPriceRange', () => {
  const labels = { priceFr: 'From', priceTo: 'To' };
  it('reads typed bounds ("12,5" as 12.5, empty as no bound) and names the field in each problem', () => {
    expect(checkPriceRange({ priceFr: ' 12,5 ', priceTo: '' }, labels, 'reversed')).toEqual({ errors: {}, values: { priceFr: 12.5, priceTo: undefined } });
    expect(checkPriceRange({ priceFr: 'abc', priceTo: '-2' }, labels, 'reversed').errors).toEqual({ priceFr: 'From must be a number', priceTo: 'To must be 0 or more' });
  });

  it('refuses a range whose start is above its end, under the second field', () => {
    expect(checkPriceRange({ priceFr: '50', priceTo: '20' }, labels, 'To must be at least From').errors).toEqual({ priceTo: 'To must be at least From' });
    expect(checkPriceRange({ priceFr: '20', priceTo: '20' }, labels, 'reversed').errors).toEqual({});
  });
});
