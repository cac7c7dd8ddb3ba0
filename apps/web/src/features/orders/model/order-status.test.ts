import { describe, expect, it } from 'vitest';
import { canCancel, timeline } from './order-status';

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
});
