import { describe, expect, it } from 'vitest';
import { cancelReasonText, canCancel, hasReceipt, namesText, paidAt, timeline } from './order-status';

describe('order status', () => {
  it('lets the buyer cancel only before shipping', () => {
    expect(canCancel('pending_payment')).toBe(true);
    expect(canCancel('paid')).toBe(true);
    expect(canCancel('shipped')).toBe(false);
    expect(canCancel('cancelled')).toBe(false);
  });

  it('shows what happened in order, then the steps ahead', () => {
    expect(
      timeline(
        [
          { status: 'paid', at: 20 },
          { status: 'pending_payment', at: 10 },
        ],
        'paid',
      ),
    ).toEqual([
      { status: 'pending_payment', at: 10 },
      { status: 'paid', at: 20 },
      { status: 'shipped', at: null },
      { status: 'delivered', at: null },
    ]);
  });

  it('ends a cancelled order at its cancellation', () => {
    const steps = timeline(
      [
        { status: 'pending_payment', at: 10 },
        { status: 'cancelled', at: 30 },
      ],
      'cancelled',
    );
    expect(steps.map((s) => s.status)).toEqual(['pending_payment', 'cancelled']);
  });

  it('names an order’s items, the first two and how many more', () => {
    expect(namesText(['Mug'])).toBe('Mug');
    expect(namesText(['Mug', 'Kettle'])).toBe('Mug and Kettle');
    expect(namesText(['Mug', 'Kettle', 'Teapot', 'Towels'])).toBe('Mug, Kettle and 2 more');
  });

  it('says why an order was cancelled, and has a receipt for every order that was paid', () => {
    expect(cancelReasonText('expired')).toMatch(/not paid in time/);
    expect(cancelReasonText('buyer')).toBe('You cancelled this order.');
    expect(cancelReasonText(null)).toBeNull();
    expect(hasReceipt({ payment: { method: 'par', cardLast4: null } })).toBe(true);
    expect(hasReceipt({ payment: null })).toBe(false);
    expect(paidAt({ history: [{ status: 'pending_payment', at: 1 }, { status: 'paid', at: 5 }, { status: 'cancelled', at: 9 }] })).toBe(5);
  });
});
