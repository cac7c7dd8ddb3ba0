import type { ProductDetail } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { cartLineView, checkoutBlocker, estimatedSubtotal } from './cart-lines';

const product = (id: number, price: number, stock: number): ProductDetail => ({
  id,
  slug: `p${id}`,
  name: `Product ${id}`,
  category: { slug: 'books', name: 'Books' },
  price,
  image: '/x.webp',
  images: ['/x.webp'],
  rating: { average: null, count: 0 },
  priceMax: null,
  options: [],
  variants: [],
  stock,
  stockState: stock === 0 ? 'out_of_stock' : stock <= 5 ? 'low_stock' : 'in_stock',
  description: '',
});
const limit = (stock: number) => Math.min(stock, 99);
const found = (p: ProductDetail) => ({ data: p, isPending: false, error: null, missing: false });

describe('cart lines', () => {
  it('joins a line with its product and flags quantities above the stock', () => {
    expect(cartLineView({ id: '1', qty: 2 }, found(product(1, 10, 5)), limit)).toMatchObject({ status: 'ready', limit: 5, problem: null });
    expect(cartLineView({ id: '1', qty: 6 }, found(product(1, 10, 5)), limit)).toMatchObject({ status: 'ready', problem: 'too_many' });
    expect(cartLineView({ id: '1', qty: 1 }, found(product(1, 10, 0)), limit)).toMatchObject({ status: 'ready', problem: 'sold_out' });
  });

  it('treats a product the shop no longer has, or an id that is not a product id, as missing', () => {
    expect(cartLineView({ id: '7', qty: 1 }, { isPending: false, error: new Error('gone'), missing: true }, limit).status).toBe('missing');
    expect(cartLineView({ id: 'e2e-line', qty: 1 }, { isPending: true, error: null, missing: false }, limit).status).toBe('missing');
    expect(cartLineView({ id: '7', qty: 1 }, { isPending: true, error: null, missing: false }, limit).status).toBe('loading');
  });

  it('sums the estimate in minor units, leaving out what cannot be bought', () => {
    const lines = [
      cartLineView({ id: '1', qty: 3 }, found(product(1, 0.1, 10)), limit),
      cartLineView({ id: '2', qty: 1 }, found(product(2, 0.2, 10)), limit),
      cartLineView({ id: '3', qty: 1 }, found(product(3, 99, 0)), limit),
      cartLineView({ id: '4', qty: 1 }, { isPending: false, error: null, missing: true }, limit),
    ];
    expect(estimatedSubtotal(lines)).toBe(0.5);
    expect(checkoutBlocker(lines)).toMatch(/no longer available/);
    expect(checkoutBlocker(lines.slice(0, 2))).toBeNull();
    expect(checkoutBlocker([])).toBe('Your cart is empty.');
  });
});
