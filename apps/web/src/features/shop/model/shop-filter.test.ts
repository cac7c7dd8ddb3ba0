import { describe, expect, it } from 'vitest';
import { parseShopParams } from './parse-shop-params';
import { isFiltered, SHOP_PAGE_SIZE, shopSearch, sortOptions, withFilter } from './shop-filter';

const parse = (query: string) => parseShopParams(new URLSearchParams(query));

describe('the shop filter in the address', () => {
  it('fills the defaults for an empty address', () => {
    expect(parse('')).toEqual({ search: '', category: 'all', sort: 'newest', page: 1, pageSize: SHOP_PAGE_SIZE });
  });

  it('parses every part, prices as decimal numbers', () => {
    expect(parse('search=lamp&category=home-kitchen&priceFr=10.5&priceTo=99&sort=price_desc&page=3')).toEqual({
      search: 'lamp',
      category: 'home-kitchen',
      priceFr: 10.5,
      priceTo: 99,
      sort: 'price_desc',
      page: 3,
      pageSize: SHOP_PAGE_SIZE,
    });
  });

  it('drops only the parts that do not parse', () => {
    const filter = parse('search=mug&priceFr=abc&priceTo=-4&sort=cheapest&page=0');
    expect(filter).toMatchObject({ search: 'mug', sort: 'relevance', page: 1 });
    expect(filter.priceFr).toBeUndefined();
    expect(filter.priceTo).toBeUndefined();
  });

  it('treats an empty price as no bound, and a reversed range as the range it means', () => {
    expect(parse('priceFr=&priceTo=20').priceFr).toBeUndefined();
    expect(parse('priceFr=100&priceTo=20')).toMatchObject({ priceFr: 20, priceTo: 100 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(shopSearch(parse(''))).toBe('');
    const query = '?search=lamp+shade&category=books&priceFr=5&priceTo=50&sort=newest&page=2';
    expect(shopSearch(parse(query.slice(1)))).toBe(query);
  });

  it('starts a changed filter at page 1', () => {
    const filter = parse('page=4&category=books');
    expect(withFilter(filter, { sort: 'price_asc' })).toMatchObject({ page: 1, category: 'books', sort: 'price_asc' });
    expect(isFiltered(filter)).toBe(true);
    expect(isFiltered(parse('sort=newest&page=2'))).toBe(false);
  });

  it('sorts newest first without a search and by best match with one, offering best match only then', () => {
    expect(parse('search=mug').sort).toBe('relevance');
    expect(parse('sort=relevance').sort).toBe('newest');
    expect(shopSearch(parse('search=mug'))).toBe('?search=mug');
    expect(shopSearch(parse('sort=newest'))).toBe('');
    expect(shopSearch(parse('search=mug&sort=newest'))).toBe('?search=mug&sort=newest');
    expect(sortOptions('').map((o) => o.label)).toEqual(['Newest', 'Price: low to high', 'Price: high to low']);
    expect(sortOptions('mug')[0]).toEqual({ value: 'relevance', label: 'Best match' });
  });

  it('lets a default sort follow the search, and keeps a sort the shopper chose', () => {
    expect(withFilter(parse(''), { search: 'mug' }).sort).toBe('relevance');
    expect(withFilter(parse('search=mug'), { search: '' }).sort).toBe('newest');
    expect(withFilter(parse('sort=price_asc'), { search: 'mug' }).sort).toBe('price_asc');
    expect(withFilter(parse('search=mug&sort=price_desc'), { search: '' }).sort).toBe('price_desc');
    expect(withFilter(parse('search=mug&sort=newest'), { search: 'cup' }).sort).toBe('newest');
  });
});
