import { describe, expect, it } from 'vitest';
import { addressFields } from '../account/address.schemas.js';
import { shippingSchema } from '../shop/shop.contract.js';
import { addressFormat, addressLinesFor, addressPartProblems, normalisePostcode } from './address-format.js';

const labelsOf = (country: string) => {
  const f = addressFormat(country);
  return f.parts.map((part) => `${f.labels[part]}${f.required.has(part) ? '*' : ''}`);
};

describe('each country’s address', () => {
  it('asks for the parts the country uses, in its order and words', () => {
    expect(labelsOf('US')).toEqual(['City*', 'State*', 'ZIP code*']);
    expect(labelsOf('GB')).toEqual(['Town or city*', 'County', 'Postcode*']);
    expect(labelsOf('TH')).toEqual(['Sub-district', 'District*', 'Province*', 'Postal code*']);
    expect(labelsOf('DE')).toEqual(['Postal code*', 'City*']);
    // No postcodes in Hong Kong: the field is not asked for.
    expect(labelsOf('HK')).not.toContain('Postal code*');
  });

  it('checks postcodes by the country’s pattern and writes them its way', () => {
    expect(addressPartProblems({ country: 'US', subDistrict: '', district: 'Austin', state: 'TX', zip: '73301' })).toEqual({});
    expect(addressPartProblems({ country: 'US', subDistrict: '', district: 'Austin', state: '', zip: '7330' })).toMatchObject({ state: 'is required', zip: expect.stringMatching(/94016/) });
    expect(normalisePostcode('sw1a1aa', 'GB')).toBe('SW1A 1AA');
  });

  it('reads as the country writes it, with the country last', () => {
    const a = { address1: '1 Market St', address2: '', subDistrict: '', district: 'San Francisco', state: 'CA', zip: '94105' };
    expect(addressLinesFor({ ...a, country: { value: 'US', label: 'United States' } })).toEqual(['1 Market St', 'San Francisco, CA 94105', 'United States']);
    expect(addressLinesFor({ ...a, district: 'Berlin', state: '', zip: '10115', country: { value: 'DE', label: 'Germany' } })).toEqual(['1 Market St', '10115 Berlin', 'Germany']);
  });

  it('holds the address form and the checkout’s shipping to the same rules', () => {
    const base = { recipientName: 'Ada', contactPhone: '+447700900123', address1: '1 High St', country: { value: 'GB' } };
    const ok = addressFields.safeParse({ ...base, district: 'Leeds', zip: 'ls14ap', subDistrict: 'dropped' });
    expect(ok.success && ok.data).toMatchObject({ label: 'Home', zip: 'LS1 4AP', subDistrict: '' });
    const bad = shippingSchema.safeParse({
      shipping_name: 'Ada',
      shipping_email: 'ada@example.test',
      shipping_contact: '+14155550100',
      shipping_address1: '1 Market St',
      shipping_district: 'San Francisco',
      shipping_zip: '94105',
      shipping_country: { value: 'US' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['shipping_state']);
  });
});
