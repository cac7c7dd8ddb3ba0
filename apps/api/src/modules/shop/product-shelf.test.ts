import { describe, expect, it } from 'vitest';
import { ProductShelf } from './product-shelf.js';

const product = (id: number, json = `{"id":${id}}`) => ({ id, json });

describe('product shelf', () => {
  it('keeps at most its capacity, dropping the product kept longest; keeping one again makes it the newest', () => {
    const shelf = new ProductShelf(3);
    for (const id of [1, 2, 3]) shelf.keep(product(id));
    shelf.keep(product(1, '{"id":1,"stock":4}'));
    shelf.keep(product(4));
    expect([1, 2, 3, 4].map((id) => shelf.has(id))).toEqual([true, false, true, true]);
    expect(shelf.get(1)?.json).toBe('{"id":1,"stock":4}');
    shelf.drop(3);
    expect(shelf.get(3)).toBeUndefined();
    shelf.clear();
    expect([1, 4].some((id) => shelf.has(id))).toBe(false);
  });
});
