import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, searchCountries } from './country-search';

const labels = (query: string) => searchCountries(COUNTRY_OPTIONS, query).map((o) => o.label);

describe('searchCountries', () => {
  it('lists every country, alphabetically, for empty text', () => {
    expect(searchCountries(COUNTRY_OPTIONS, '  ')).toHaveLength(COUNTRY_OPTIONS.length);
    expect(COUNTRY_OPTIONS).toHaveLength(249);
  });

  it('puts the country whose ISO code was typed first', () => {
    expect(labels('th')[0]).toBe('Thailand');
    expect(labels('JP')[0]).toBe('Japan');
    expect(labels('gb')[0]).toBe('United Kingdom');
  });

  it('ranks names starting with the text before names merely containing it', () => {
    const found = labels('thai');
    expect(found).toEqual(['Thailand']);
    const land = labels('land');
    expect(land.indexOf('Åland Islands')).toBeLessThan(land.indexOf('Finland'));
  });

  it('matches a word inside the name, ignoring case and accents', () => {
    expect(labels('kingdom')).toContain('United Kingdom');
    expect(labels('aland')).toContain('Åland Islands');
  });

  it('answers nothing for text no country has', () => {
    expect(labels('zzzz')).toEqual([]);
  });
});
