import { SANDBOX_CARDS } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry, isExpired } from './card-number';

describe('formatCardNumber', () => {
  it('groups by four as the digits are typed', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber(SANDBOX_CARDS.success)).toBe('4242 4242 4242 4242');
  });

  it('drops anything that is not a digit, including pasted dashes and spaces', () => {
    expect(formatCardNumber('5555-5555 5555-4444')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('42a42')).toBe('4242');
  });

  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
  });

  it('stops at 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('caretAfterDigits', () => {
  it('places the caret after the same digit once spaces are inserted', () => {
    expect(caretAfterDigits('4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 21); // 21 November 2026

  it('formats month and year', () => {
    expect(formatExpiry(4, 2030)).toBe('04/2030');
  });

  it('keeps a card valid through its expiry month', () => {
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});
