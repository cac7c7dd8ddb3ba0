import type { ProductVariant } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { canPick, choiceOf, chosenVariant, isSoldOut, missingOptions, variantParam } from './variant-choice';

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

  it('offers every value the shop makes with the other choices, sold out or not, and says which are sold out', () => {
    expect(canPick(variants, [null, null], 1, 'Blue')).toBe(true); // every Blue is sold out, still choosable
    expect(isSoldOut(variants, [null, null], 1, 'Blue')).toBe(true);
    expect(canPick(variants, [null, null], 0, 'L')).toBe(false); // no L at all
    expect(isSoldOut(variants, [null, null], 0, 'L')).toBe(false);
    expect(canPick(variants, [null, 'Red'], 0, 'M')).toBe(true);
    expect(isSoldOut(variants, [null, 'Red'], 0, 'M')).toBe(false);
    expect(canPick(variants, ['M', null], 1, 'Red')).toBe(true);
    expect(canPick(variants, ['M', null], 1, 'Blue')).toBe(false); // no M in Blue
    expect(isSoldOut(variants, ['S', null], 1, 'Blue')).toBe(true);
  });

  it('opens the variant a link names, and the empty choice for anything else', () => {
    expect(choiceOf(options, variants, 2)).toEqual(['S', 'Blue']);
    expect(choiceOf(options, variants, 99)).toEqual([null, null]);
    expect(choiceOf(options, variants, null)).toEqual([null, null]);
    expect(variantParam('3')).toBe(3);
    for (const bad of [null, '', 'x', '-1', '1.5', '1e3', '9999999999999999']) expect(variantParam(bad)).toBeNull();
  });

  it('says what is left to choose', () => {
    expect(missingOptions(options, [null, null])).toBe('size and colour');
    expect(missingOptions(options, ['S', null])).toBe('colour');
    expect(missingOptions(options, ['S', 'Red'])).toBeNull();
  });
});
