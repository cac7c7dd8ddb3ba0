import type { ProductVariant } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { canPick, chosenVariant, missingOptions } from './variant-choice';

const v = (id: number, options: string[], stock: number): ProductVariant => ({ id, sku: `S${id}`, options, price: 10, stock, stockState: stock > 0 ? 'in_stock' : 'out_of_stock', image: '' });
const variants = [v(1, ['S', 'Red'], 2), v(2, ['S', 'Blue'], 0), v(3, ['M', 'Red'], 1)];
const options = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Red', 'Blue'] },
];

describe('variant choice', () => {
  it('names a variant only once every option is chosen, and only one the shop makes', () => {
    expect(chosenVariant(variants, ['S', null])).toBeNull();
    expect(chosenVariant(variants, ['S', 'Red'])?.id).toBe(1);
    expect(chosenVariant(variants, ['L', 'Red'])).toBeNull();
  });

  it('offers a value only when it can still lead to stock, given the other choices', () => {
    expect(canPick(variants, [null, null], 1, 'Blue')).toBe(false); // every Blue is sold out
    expect(canPick(variants, [null, null], 0, 'L')).toBe(false); // no L at all
    expect(canPick(variants, [null, 'Red'], 0, 'M')).toBe(true);
    expect(canPick(variants, ['M', null], 1, 'Red')).toBe(true);
    expect(canPick(variants, ['M', null], 1, 'Blue')).toBe(false);
  });

  it('says what is left to choose', () => {
    expect(missingOptions(options, [null, null])).toBe('size and colour');
    expect(missingOptions(options, ['S', null])).toBe('colour');
    expect(missingOptions(options, ['S', 'Red'])).toBeNull();
  });
});
