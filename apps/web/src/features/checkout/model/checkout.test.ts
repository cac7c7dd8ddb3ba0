import { describe, expect, it } from 'vitest';
import { initialShipping } from '@/lib/session-store';
import { errorsFromServer, fieldMessage } from '@/lib/form-errors';
import { shippingLines } from '@/lib/shipping-lines';
import { orderMatchesCart } from './order-match';
import { shippingFromAddress } from './shipping';
import { checkShipping } from './shipping-check';

const filled = {
  shipping_name: 'Erin Example',
  shipping_email: 'Erin@Example.com ',
  shipping_contact: '+66812345678',
  shipping_address1: '1 Main Road',
  shipping_address2: '',
  shipping_subDistrict: 'Lumphini',
  shipping_district: 'Pathum Wan',
  shipping_state: 'Bangkok',
  shipping_zip: '10330',
  shipping_country: { value: 'TH', label: '' },
};

describe('the shipping form', () => {
  it('checks with the contract schema and answers what the API takes', () => {
    const result = checkShipping(filled);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toMatchObject({ shipping_email: 'erin@example.com', shipping_country: { value: 'TH', label: 'Thailand' } });
  });

  it('names every field that needs attention, an empty country as required', () => {
    const result = checkShipping(initialShipping());
    expect(result.ok).toBe(false);
    if (!result.ok) {
      // Until a country is chosen, its own parts are not asked for yet.
      expect(Object.keys(result.errors).sort()).toEqual(['shipping_address1', 'shipping_contact', 'shipping_country', 'shipping_email', 'shipping_name'].sort());
      expect(result.errors.shipping_country).toBe('is required');
      expect(fieldMessage('Full name', result.errors.shipping_name)).toBe('Full name is required');
    }
    const thai = checkShipping({ ...initialShipping(), shipping_country: { value: 'TH', label: 'Thailand' } });
    expect(!thai.ok && Object.keys(thai.errors)).toEqual(expect.arrayContaining(['shipping_district', 'shipping_state', 'shipping_zip']));
  });

  it('fills from the main address and prints a label', () => {
    const shipping = shippingFromAddress(
      { address_id: 1, user_id: 'erin', recipientName: 'Erin', contactPhone: '+66812345678', address1: '1 Main Road', address2: 'Flat 2', district: 'Pathum Wan', subDistrict: 'Lumphini', state: 'Bangkok', zip: '10330', country: { value: 'TH', label: 'Thailand' }, isMain: true } as never,
      'erin@example.com',
    );
    expect(shipping).toMatchObject({ shipping_name: 'Erin', shipping_email: 'erin@example.com', shipping_country: { value: 'TH' } });
    expect(shippingLines(shipping)).toEqual(['1 Main Road', 'Flat 2', 'Lumphini, Pathum Wan', 'Bangkok 10330', 'Thailand']);
  });

  it('maps the server field paths onto the form fields', () => {
    expect(errorsFromServer({ 'shipping.shipping_zip': 'must be a postal code', note: 'too long' }, { prefix: 'shipping' })).toEqual({ shipping_zip: 'must be a postal code', note: 'too long' });
  });
});

describe('an order placed earlier', () => {
  it('fits the cart only with the same products and quantities', () => {
    const order = [
      { productId: 1, qty: 2 },
      { productId: 5, qty: 1 },
    ];
    expect(orderMatchesCart(order, [{ id: '5', qty: 1 }, { id: '1', qty: 2 }])).toBe(true);
    expect(orderMatchesCart(order, [{ id: '5', qty: 1 }, { id: '1', qty: 3 }])).toBe(false);
    expect(orderMatchesCart(order, [{ id: '1', qty: 2 }])).toBe(false);
  });
});
