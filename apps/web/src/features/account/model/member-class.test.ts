import { describe, expect, it } from 'vitest';
import { benefitsOf, formatAmount, percentToNext } from './member-class';

describe('member class', () => {
  const standard = { lifetimeSpend: 125, discountPercent: 0, pointsMultiplier: 1, next: { memberClass: 'silver' as const, minSpend: 500, remaining: 375 } };
  const gold = { lifetimeSpend: 2500, discountPercent: 5, pointsMultiplier: 1.5, next: { memberClass: 'platinum' as const, minSpend: 10000, remaining: 7500 } };
  const platinum = { lifetimeSpend: 12000.5, discountPercent: 8, pointsMultiplier: 2, next: null };

  it('says what the class gives', () => {
    expect(benefitsOf(standard)).toEqual(['No shop discount yet', '1× premium points on paid shop orders']);
    expect(benefitsOf(gold)).toEqual(['5% off every shop order', '1.5× premium points on paid shop orders']);
  });

  it('measures the way to the next class from zero spend', () => {
    expect(percentToNext(standard)).toBe(25);
    expect(percentToNext(gold)).toBe(25);
    expect(percentToNext(platinum)).toBe(100);
  });

  it('formats amounts with grouping and two decimals', () => {
    expect(formatAmount(12000.5)).toBe('12,000.50');
    expect(formatAmount(0)).toBe('0.00');
  });
});
