import { describe, expect, it } from 'vitest';
import { asChanges, cartChanges, freeShippingGap, fromServer, sameLines } from './cart-changes';

describe('cart changes for the server', () => {
  it('turns one list into the next by the original rule: removed is 0, new or changed is its quantity', () => {
    const before = [
      { id: '1', qty: 1 },
      { id: '2', qty: 2 },
      { id: 'bad', qty: 1 },
    ];
    const after = [
      { id: '2', qty: 5 },
      { id: '3', qty: 1 },
    ];
    expect(cartChanges(before, after)).toEqual([
      { id: 1, qty: 0 },
      { id: 2, qty: 5 },
      { id: 3, qty: 1 },
    ]);
    expect(cartChanges(after, after)).toEqual([]);
  });

  it('sends the browser cart whole at sign-in, and takes the server list back as strings', () => {
    expect(asChanges([{ id: '7', qty: 2 }, { id: 'x', qty: 1 }])).toEqual([{ id: 7, qty: 2 }]);
    expect(fromServer([{ id: 7, qty: 2 }])).toEqual([{ id: '7', qty: 2 }]);
    expect(sameLines([{ id: '7', qty: 2 }], [{ id: '7', qty: 2 }])).toBe(true);
    expect(sameLines([{ id: '7', qty: 2 }], [{ id: '7', qty: 3 }])).toBe(false);
  });

  it('measures the way to free shipping after the member discount, in minor units', () => {
    expect(freeShippingGap(30_00, 0, 50_00)).toEqual({ leftMinor: 20_00, ratio: 0.6 });
    // 51.00 with a 2% discount is 49.98: 0.02 short.
    expect(freeShippingGap(51_00, 2, 50_00).leftMinor).toBe(2);
    expect(freeShippingGap(80_00, 0, 50_00)).toEqual({ leftMinor: 0, ratio: 1 });
  });
});
