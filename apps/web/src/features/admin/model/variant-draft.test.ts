import { describe, expect, it } from 'vitest';
import { missingCombinations, toBody } from './variant-draft';

describe('variant draft', () => {
  it('adds every combination not there yet, with a SKU from the product and the values', () => {
    const options = [
      { key: 1, name: 'Size', values: 'S, M' },
      { key: 2, name: 'Colour', values: 'Red, Sky Blue' },
    ];
    const have = [{ key: 3, sku: 'TEE-S-RED', options: ['S', 'Red'], price: '10.00', stock: '4', image: '' }];
    const added = missingCombinations(options, have, 'tee');
    expect(added.map((v) => v.options)).toEqual([
      ['S', 'Sky Blue'],
      ['M', 'Red'],
      ['M', 'Sky Blue'],
    ]);
    expect(added.map((v) => v.sku)).toEqual(['TEE-S-SKYBLUE', 'TEE-M-RED', 'TEE-M-SKYBLUE']);
    expect(added[0]).toMatchObject({ price: '10.00', stock: '0' });
  });

  it('sends the stock each variant was loaded with, so a sale meanwhile is not undone', () => {
    const body = toBody(7, [{ key: 1, name: 'Size', values: 'S' }], [{ key: 2, id: 4, sku: 'A', options: ['S'], price: '5', stock: '3', loadedStock: 2, image: '' }]);
    expect(body).toEqual({ productId: 7, options: [{ name: 'Size', values: ['S'] }], variants: [{ id: 4, sku: 'A', options: ['S'], price: 5, stock: 3, expectedStock: 2, image: '' }] });
  });
});
