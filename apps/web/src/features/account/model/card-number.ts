import type { CardBrand } from '@parmeta/contracts';

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unknown: 'Card',
};

const MAX_DIGITS = 19;

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A guess at the brand from the first digits, only to group the digits as the card
 * prints them while typing (American Express 4-6-5, others by four). The gateway's
 * answer is the brand that is saved.
 */
export const looksLikeAmex = (digits: string) => /^3[47]/.test(digits);

/** "4242424242424242" -> "4242 4242 4242 4242"; anything but digits is dropped. */
export function formatCardNumber(text: string): string {
  const digits = digitsOf(text).slice(0, looksLikeAmex(digitsOf(text)) ? 15 : MAX_DIGITS);
  const groups = looksLikeAmex(digits) ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)] : (digits.match(/.{1,4}/g) ?? []);
  return groups.filter(Boolean).join(' ');
}

/** The caret position just after the `count`-th digit of a formatted number. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i)) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

/** "04/2030" */
export const formatExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

/** A card is good through the last day of its expiry month. */
export const isExpired = (month: number, year: number, now = new Date()) =>
  year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
