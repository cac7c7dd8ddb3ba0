import { describe, expect, it } from 'vitest';
import { displayDestination, normalDestination, overBalance, reviewConvert, reviewToMeta, reviewTopUp, reviewWithdraw } from './review';

const balances = { par: 760, meta: 0, premium: 600 };

describe('the review step of a money action', () => {
  it('says what moving par to meta does and what it leaves', () => {
    expect(reviewToMeta(balances, 25)).toEqual({
      sentence: 'You move 25.00 par to meta.',
      after: [
        { asset: 'par', label: 'Par', value: 735 },
        { asset: 'meta', label: 'Meta', value: 25 },
      ],
    });
  });

  it('adds in cents, never in floating point', () => {
    expect(reviewTopUp({ ...balances, par: 760.1 }, 0.2, 'your card ending 4242').after).toEqual([{ asset: 'par', label: 'Par', value: 760.3 }]);
    expect(reviewToMeta({ ...balances, par: 0.3 }, 0.1).after[0]?.value).toBe(0.2);
    expect(reviewTopUp(balances, 25, 'your card ending 4242').sentence).toBe('You pay 25.00 USD with your card ending 4242 and get 25.00 par.');
  });

  it('converts points at the rate, and withdraws to the destination', () => {
    expect(reviewConvert(balances, 500, 100)).toEqual({
      sentence: 'You turn 500 points into 5.00 par.',
      after: [
        { asset: 'premium', label: 'Points', value: 100 },
        { asset: 'par', label: 'Par', value: 765 },
      ],
    });
    expect(reviewWithdraw(balances, 10, 'DE89 3704')).toEqual({ sentence: 'You withdraw 10.00 par to DE89 3704.', after: [{ asset: 'par', label: 'Par', value: 750 }] });
  });

  it('refuses more than the balance before anything is sent', () => {
    expect(overBalance('Amount', 10.01, 10, 'par')).toBe('Amount must be at most your balance, 10.00 par');
    expect(overBalance('Amount', 10, 10, 'par')).toBeUndefined();
  });

  it('shows an IBAN in groups of four and a wallet address as it is', () => {
    expect(displayDestination(' de89370400440532013000 ')).toBe('DE89 3704 0044 0532 0130 00');
    expect(displayDestination('0xAbC')).toBe('0xAbC');
    expect(normalDestination(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(normalDestination(' 0xAbC ')).toBe('0xAbC');
  });
});
