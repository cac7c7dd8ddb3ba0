import { addressFields, editProfileFields, tokenizeBody } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { blankFields, errorsFromIssues, errorsFromServer, fieldMessage, validate, type FormSchema } from './form-errors';

/** As the account forms call it: every empty text field is blank. */
const check = <Out>(schema: FormSchema<Out>, values: Record<string, unknown>) => validate(schema, values, blankFields(values));

describe('validate with the contract schemas', () => {
  it('answers the parsed data when the values are valid', () => {
    const result = check(editProfileFields, { firstName: ' Ada ', lastName: 'Lovelace', phone: '+66812345678', birthday: '1990-04-23' });
    expect(result).toEqual({ ok: true, data: { firstName: 'Ada', lastName: 'Lovelace', phone: '+66812345678', birthday: '1990-04-23' } });
  });

  it('reports one message per field, the first one', () => {
    const result = check(editProfileFields, { firstName: '', lastName: 'x'.repeat(65), phone: '0812345678', birthday: '1990-02-30' });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'is required',
        lastName: 'must be at most 64 characters',
        phone: 'must be in international form, e.g. +66812345678',
        birthday: 'is not a real date',
      },
    });
  });

  it('says "is required" for an empty field whatever format the schema expects', () => {
    // Phone and birthday are optional: left empty they are simply none.
    const result = check(editProfileFields, { firstName: ' ', lastName: 'Lovelace', phone: ' ', birthday: '' });
    expect(result).toEqual({ ok: false, errors: { firstName: 'is required' } });
    const card = check(tokenizeBody, { number: '', expMonth: '', expYear: '', cvc: '', holderName: '' });
    expect(card).toEqual({ ok: false, errors: { number: 'is required', expMonth: 'is required', expYear: 'is required', cvc: 'is required', holderName: 'is required' } });
  });

  it('puts a nested problem under its top-level field', () => {
    const result = check(addressFields, {
      recipientName: 'Ada',
      contactPhone: '+66812345678',
      address1: '1 Main Road',
      district: 'Bang Rak',
      state: 'Bangkok',
      zip: '10500',
      country: { value: '' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['country']);
  });

  it('reports the expiry refinement of the card schema on the year', () => {
    const result = check(tokenizeBody, { number: '4242 4242 4242 4242', expMonth: 1, expYear: 2001, cvc: '123', holderName: 'Ada' });
    expect(result).toEqual({ ok: false, errors: { expYear: 'the card has expired' } });
  });
});

describe('server field messages', () => {
  it('maps dotted paths to form fields and keeps the first message', () => {
    expect(errorsFromServer({ 'country.value': 'is not a known country', zip: 'must be a postal code', 'zip.x': 'later' })).toEqual({
      country: 'is not a known country',
      zip: 'must be a postal code',
    });
    expect(errorsFromServer(undefined)).toEqual({});
  });

  it('reads zod-like issues with numeric path parts', () => {
    expect(errorsFromIssues([{ path: ['lines', 0, 'qty'], message: 'must be positive' }])).toEqual({ lines: 'must be positive' });
  });
});

describe('fieldMessage', () => {
  it('puts the label before a sentence ending', () => {
    expect(fieldMessage('Phone', 'must be in international form, e.g. +66812345678')).toBe('Phone must be in international form, e.g. +66812345678');
    expect(fieldMessage('First name', 'is required')).toBe('First name is required');
  });

  it('capitalises a message that is a sentence of its own', () => {
    expect(fieldMessage('Year', 'the card has expired')).toBe('The card has expired');
  });

  it('answers undefined without a message', () => {
    expect(fieldMessage('Phone', undefined)).toBeUndefined();
  });
});
