import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, fromStoreFilter, marketBody, marketSearch, parseMarketParams, withFilter } from './market-query';

describe('market query in the URL', () => {
  it('reads every field and round-trips through the search string', () => {
    const query = parseMarketParams(new URLSearchParams('search=drifter&category=neon-drifters&priceFr=10&priceTo=99.5&sort=price_desc&page=2'));
    expect(query).toEqual({ search: 'drifter', category: 'neon-drifters', priceFr: 10, priceTo: 99.5, sort: 'price_desc', page: 2 });
    expect(parseMarketParams(new URLSearchParams(marketSearch(query)))).toEqual(query);
  });

  it('leaves defaults out of the URL', () => {
    expect(marketSearch(DEFAULT_QUERY)).toBe('');
    expect(marketSearch({ ...DEFAULT_QUERY, category: 'pixel-pals' })).toBe('?category=pixel-pals');
  });

  it('ignores values the contract refuses', () => {
    expect(parseMarketParams(new URLSearchParams('priceFr=-5&priceTo=abc&sort=cheapest&page=0&category='))).toEqual(DEFAULT_QUERY);
  });

  it('reads a range typed the wrong way round as the range it means, as the shop does', () => {
    expect(parseMarketParams(new URLSearchParams('priceFr=100&priceTo=20'))).toEqual({ ...DEFAULT_QUERY, priceFr: 20, priceTo: 100 });
  });

  it('starts from page 1 when the filter changes', () => {
    expect(withFilter({ ...DEFAULT_QUERY, page: 3 }, { sort: 'price_asc' })).toEqual({ ...DEFAULT_QUERY, sort: 'price_asc' });
  });

  it('turns the filter the store keeps back into a query', () => {
    expect(fromStoreFilter({ search: 'pal', category: 'all', priceFr: null, priceTo: 50 })).toEqual({ ...DEFAULT_QUERY, search: 'pal', priceTo: 50 });
  });

  it('sends only the prices that are set', () => {
    expect(marketBody({ ...DEFAULT_QUERY, priceFr: 5 })).toEqual({ search: '', category: 'all', priceFr: 5, sort: 'newest', page: 1, pageSize: 12 });
  });
});
