import { apiRoutes, fiatOrderBody } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { attemptFor } from './attempt';
import { amountOf, checkBody, fieldSentence, serverFieldErrors } from './form';
import { bodySchema } from '@/lib/form-errors';

const labels = { amount: 'Amount', destination: 'Destination' };

describe('wallet forms', () => {
  it('reads typed amounts', () => {
    expect(amountOf('')).toBeUndefined();
    expect(amountOf(' 25.5 ')).toBe(25.5);
    expect(amountOf('.5')).toBe(0.5);
    expect(amountOf('1,000')).toBeNaN();
    expect(amountOf('-3')).toBeNaN();
  });

  it('reports the contract messages as sentences, an empty field as required', () => {
    const typed = { amount: '', destination: 'nope' };
    const result = checkBody(bodySchema(apiRoutes.withdraw), { amount: amountOf(typed.amount), destination: typed.destination }, labels, typed);
    expect(result).toEqual({
      ok: false,
      errors: { amount: 'Amount is required', destination: 'Destination must be a 0x wallet address (40 hex digits) or a bank account number (IBAN)' },
    });
    const tooPrecise = checkBody(bodySchema(apiRoutes.parToMeta), { amount: 1.005 }, { amount: 'Amount' }, { amount: '1.005' });
    expect(tooPrecise).toEqual({ ok: false, errors: { amount: 'Amount must have at most 2 decimals' } });
  });

  it('answers the parsed body when the values are valid', () => {
    const result = checkBody(bodySchema(apiRoutes.withdraw), { amount: 10, destination: '0x' + 'a'.repeat(40) }, labels);
    expect(result).toEqual({ ok: true, data: { amount: 10, destination: '0x' + 'a'.repeat(40) } });
  });

  it('checks a top-up amount with the fiat order schema', () => {
    const result = checkBody(fiatOrderBody, { type: 'topup', amount: 20_000, card_id: 1 }, { amount: 'Amount' });
    expect(result).toEqual({ ok: false, errors: { amount: 'Amount must be at most 10000' } });
  });

  it('puts server field messages under the fields', () => {
    expect(serverFieldErrors({ amount: 'must be at least 10', other: 'x' }, labels)).toEqual({ amount: 'Amount must be at least 10' });
    expect(fieldSentence('Amount', 'insufficient funds')).toBe('Insufficient funds');
  });

  it('reuses the idempotency key for a retry of the same submission only', () => {
    let n = 0;
    const key = () => `key-${++n}`;
    const first = attemptFor(null, '{"amount":10}', key);
    expect(attemptFor(first, '{"amount":10}', key)).toBe(first);
    expect(attemptFor(first, '{"amount":11}', key).key).toBe('key-2');
  });
});
