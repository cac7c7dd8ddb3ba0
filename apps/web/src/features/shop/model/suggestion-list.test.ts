import { describe, expect, it } from 'vitest';
import { moveActive, suggestionOptions } from './suggestion-list';

describe('the suggestion list', () => {
  it('lists products, then categories, each with where it goes', () => {
    const options = suggestionOptions({
      products: [{ id: 7, name: 'Wool scarf', image: '/a.jpg', price: 12.5, category: { slug: 'fashion', name: 'Fashion' } }],
      categories: [{ slug: 'home-garden', name: 'Home & Garden' }],
    });
    expect(options.map((o) => [o.kind, o.label, o.to])).toEqual([
      ['product', 'Wool scarf', '/product/7'],
      ['category', 'Home & Garden', '/shop?category=home-garden'],
    ]);
    expect(suggestionOptions(undefined)).toEqual([]);
  });

  it('moves the highlight with the arrows, through the text box at either end', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(-1);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(-1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
