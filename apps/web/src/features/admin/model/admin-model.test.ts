import { productFields } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { attributesFromRows, newAttributeRow, rowsFromAttributes } from './attributes';
import { blankFields, fieldMessage, validate } from '@/lib/form-errors';
import { numberInput } from './number-input';
import { orderActions } from './order-actions';
import { slugify } from './slug';

describe('order actions', () => {
  it('follows the state machine: ship paid, deliver shipped, cancel unpaid or paid', () => {
    expect(orderActions('pending_payment')).toEqual({ ship: false, deliver: false, cancel: true });
    expect(orderActions('paid')).toEqual({ ship: true, deliver: false, cancel: true });
    expect(orderActions('shipped')).toEqual({ ship: false, deliver: true, cancel: false });
    expect(orderActions('delivered')).toEqual({ ship: false, deliver: false, cancel: false });
    expect(orderActions('cancelled')).toEqual({ ship: false, deliver: false, cancel: false });
  });
});

describe('slugify', () => {
  it('makes a contract slug from a name', () => {
    expect(slugify('Aurora Headphones (Black)')).toBe('aurora-headphones-black');
    expect(slugify('  Café  Crème!! ')).toBe('cafe-creme');
    expect(slugify('---')).toBe('');
    expect(slugify('a'.repeat(100))).toHaveLength(80);
  });
});

describe('product form checks', () => {
  const good = { name: 'Desk Lamp', slug: 'desk-lamp', description: 'Warm light.', category: 'home', price: 19.99, stock: 3, active: true, images: ['/media/products/a.webp'] };

  it('accepts what the server accepts', () => {
    const result = validate(productFields, good, [], { paths: true });
    expect(result.ok).toBe(true);
  });

  it('says "is required" for empty fields and keeps the schema’s words for the rest', () => {
    const values = { ...good, name: '', price: numberInput('19.999'), stock: numberInput(''), images: [] };
    const result = validate(productFields, values, blankFields({ name: '', stock: '' }), { paths: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('is required');
    expect(result.errors.stock).toBe('is required');
    expect(result.errors.price).toBe('must have at most 2 decimals');
    expect(fieldMessage('Images', result.errors.images)).toBe('Add at least one image');
    expect(fieldMessage('Price', result.errors.price)).toBe('Price must have at most 2 decimals');
  });

  it('reads typed numbers', () => {
    expect(numberInput(' 1,250.5 ')).toBe(1250.5);
    expect(numberInput('  ')).toBeUndefined();
    expect(numberInput('abc')).toBeNaN();
  });
});

describe('NFT attributes rows', () => {
  it('sends numbers for numeric display types and text otherwise', () => {
    const rows = [newAttributeRow({ trait_type: 'Background', value: 'Sunset' }), newAttributeRow({ trait_type: 'Power', value: '42', display_type: 'boost_number' })];
    expect(attributesFromRows(rows)).toEqual([
      { trait_type: 'Background', value: 'Sunset' },
      { trait_type: 'Power', value: 42, display_type: 'boost_number' },
    ]);
  });

  it('round-trips attributes with distinct row keys', () => {
    const rows = rowsFromAttributes([
      { trait_type: 'Eyes', value: 'Laser' },
      { trait_type: 'Born', value: 1700000000, display_type: 'date' },
      { trait_type: 'Odd', value: 'x', display_type: 'unknown' },
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(rows.map((r) => r.display_type)).toEqual(['', 'date', '']);
    expect(attributesFromRows(rows)[1]).toEqual({ trait_type: 'Born', value: 1700000000, display_type: 'date' });
  });
});
