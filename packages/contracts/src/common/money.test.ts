import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinor, minorToDecimal, toMinor } from './money.js';
import { moneySchema } from './money-schema.js';

describe('money', () => {
  it('converts through the decimal text, never float multiplication', () => {
    expect(toMinor(0.29)).toBe(29); // 0.29 * 100 === 28.999999999999996
    expect(toMinor(1.005, 3)).toBe(1005);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(10)).toBe(1000);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor(-2.5)).toBe(-250);
    expect(toMinor(7, 0)).toBe(7);
  });

  it('refuses too many decimals, exponents and junk', () => {
    expect(() => toMinor(0.001)).toThrow(/more than 2 decimals/);
    expect(() => toMinor(1e21)).toThrow(/plain decimal/);
    expect(() => toMinor(Number.NaN)).toThrow();
    expect(() => toMinor('12,50')).toThrow();
    expect(() => toMinor(1.5, 0)).toThrow();
  });

  it('round-trips minor units exactly', () => {
    for (const minor of [0, 1, 9, 10, 99, 100, 1999, 123456789, -1, -250]) {
      expect(toMinor(fromMinor(minor))).toBe(minor);
    }
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(42, 0)).toBe('42');
    expect(formatMoney(123456789)).toBe('1,234,567.89');
  });

  it('gives the number of the exact decimal text, whatever the amount and scale', () => {
    // Every amount from -1,000.00 to 2,000.00, a spread up to 10,000,000.00, then large ones up to the safe limit.
    const minors: number[] = [];
    for (let minor = -100_000; minor <= 1_000_000_000; minor += minor < 200_000 ? 1 : 9_973) minors.push(minor);
    for (let minor = 2 ** 53 - 1; minor > 1e8; minor = Math.floor(minor / 3.7)) minors.push(minor, -minor);
    for (const scale of [0, 2]) {
      for (const minor of minors) {
        if (fromMinor(minor, scale) !== Number(minorToDecimal(minor, scale))) expect({ minor, scale, got: fromMinor(minor, scale) }).toBe(minorToDecimal(minor, scale));
      }
    }
    expect(() => fromMinor(1.5)).toThrow(/whole number/);
    expect(() => fromMinor(2 ** 53)).toThrow(/whole number/);
  });

  it('validates API amounts', () => {
    const schema = moneySchema();
    expect(schema.safeParse(12.34).success).toBe(true);
    expect(schema.safeParse(12.345).success).toBe(false);
    expect(schema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(schema.safeParse('12.34').success).toBe(false);
    expect(moneySchema(0).safeParse(3.5).success).toBe(false);
  });
});
