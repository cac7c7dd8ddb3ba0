import { describe, expect, it } from 'vitest';
import { describeBuyAgain, planBuyAgain } from './buy-again';

const item = (productId: number, qty: number, available: number) => ({ productId, name: `P${productId}`, image: '', qty, price: 10, available });

describe('Buy again', () => {
  it('adds each product at the quantity ordered, on top of the cart', () => {
    expect(planBuyAgain([item(1, 2, 10), item(2, 1, 5)], [{ id: '2', qty: 3 }], 99)).toEqual([
      { id: '1', name: 'P1', wanted: 2, added: 2, short: null },
      { id: '2', name: 'P2', wanted: 1, added: 1, short: null },
    ]);
  });

  it('never adds past the stock, counting what the cart holds', () => {
    const [line] = planBuyAgain([item(1, 3, 4)], [{ id: '1', qty: 2 }], 99);
    expect(line).toMatchObject({ added: 2, short: 'limited' });
    const [none] = planBuyAgain([item(1, 3, 2)], [{ id: '1', qty: 2 }], 99);
    expect(none).toMatchObject({ added: 0, short: 'limited' });
  });

  it('adds nothing of a product sold out or no longer sold', () => {
    expect(planBuyAgain([item(1, 2, 0)], [], 99)[0]).toMatchObject({ added: 0, short: 'unavailable' });
  });

  it('stops at the per-line limit when the stock is larger', () => {
    expect(planBuyAgain([item(1, 5, 500)], [{ id: '1', qty: 97 }], 99)[0]).toMatchObject({ added: 2, short: 'cart_full' });
  });

  it('says in words what was added and what was not', () => {
    const plan = planBuyAgain([item(1, 2, 10), item(2, 3, 1), item(3, 1, 0)], [], 99);
    expect(describeBuyAgain(plan)).toEqual({
      added: 3,
      notes: ['Only 1 of 3 × P2 could be added: that is all the stock.', 'P3 is not available right now, so it was not added.'],
    });
  });
});
