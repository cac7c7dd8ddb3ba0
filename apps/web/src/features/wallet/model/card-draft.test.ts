import type { SavedCard } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_CARD, formatCardNumber } from '@/components/ui/card-draft';
import { checkCard, resolveChoice } from './card-draft';

const card = (card_id: number, isDefault = false): SavedCard => ({ card_id, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2099, holderName: 'Ada', isDefault });

describe('card source', () => {
  it('groups card digits by four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
  });

  it('checks a new card with the gateway schema', () => {
    const result = checkCard({ ...EMPTY_CARD, number: '4242 4242 4242 4241' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.number).toBe('Card number is not a valid card number');
      expect(result.errors.expMonth).toBe('Expiry month is required');
      expect(result.errors.holderName).toBe('Name on card is required');
    }
    expect(checkCard({ number: '4242 4242 4242 4242', expMonth: '4', expYear: '2099', cvc: '123', holderName: 'Ada' })).toEqual({
      ok: true,
      data: { number: '4242424242424242', expMonth: '4', expYear: '2099', cvc: '123', holderName: 'Ada' },
    });
  });

  it('picks the chosen card, else the default one, else a new card', () => {
    expect(resolveChoice(null, undefined)).toBeNull();
    expect(resolveChoice(null, [])).toBe('new');
    expect(resolveChoice(null, [card(1), card(2, true)])).toBe(2);
    expect(resolveChoice(1, [card(1), card(2, true)])).toBe(1);
    expect(resolveChoice(9, [card(1)])).toBe(1);
    expect(resolveChoice('new', [card(1)])).toBe('new');
  });
});
