import { describe, expect, it } from 'vitest';
import { saleProceeds } from './sale-proceeds';

describe('what a sale leaves the seller', () => {
  it('takes the fee in whole cents, rounded down, and leaves the rest', () => {
    expect(saleProceeds(75, 2.5)).toEqual({ fee: 1.87, receive: 73.13 });
    expect(saleProceeds(100, 2.5)).toEqual({ fee: 2.5, receive: 97.5 });
    expect(saleProceeds(0.03, 2.5)).toEqual({ fee: 0, receive: 0.03 });
    expect(saleProceeds(10, 0)).toEqual({ fee: 0, receive: 10 });
  });

  it('has nothing to say about a price that is not one', () => {
    expect(saleProceeds(undefined, 2.5)).toBeUndefined();
    expect(saleProceeds(0, 2.5)).toBeUndefined();
    expect(saleProceeds(Number.NaN, 2.5)).toBeUndefined();
    expect(saleProceeds(1.234, 2.5)).toBeUndefined();
  });
});
