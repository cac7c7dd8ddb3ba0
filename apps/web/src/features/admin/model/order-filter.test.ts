import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, hasFilter, orderFilterFrom, orderFilterSearch, orderListBody } from './order-filter';

describe('order filter in the URL', () => {
  it('reads a full filter and writes it back the same', () => {
    const params = new URLSearchParams('status=paid&from=2025-03-01&to=2025-03-31&customer=ada&page=3');
    const filter = orderFilterFrom(params);
    expect(filter).toEqual({ page: 3, status: 'paid', from: '2025-03-01', to: '2025-03-31', customer: 'ada' });
    expect(orderFilterSearch(filter)).toBe('?status=paid&from=2025-03-01&to=2025-03-31&customer=ada&page=3');
    expect(hasFilter(filter)).toBe(true);
  });

  it('ignores what is malformed rather than sending it', () => {
    const filter = orderFilterFrom(new URLSearchParams('status=lost&from=2025-02-30&to=yesterday&page=-2'));
    expect(filter).toEqual({ page: 1, status: '', from: '', to: '', customer: '' });
    expect(orderFilterSearch(filter)).toBe('');
    expect(hasFilter(filter)).toBe(false);
  });

  it('sends days as local midnights, the last day included', () => {
    const filter = orderFilterFrom(new URLSearchParams('from=2025-03-01&to=2025-03-01'));
    const body = orderListBody(filter, 20);
    expect(body).toEqual({ page: 1, pageSize: 20, from: new Date(2025, 2, 1).getTime(), to: new Date(2025, 2, 2).getTime() });
    expect(dayEnd('2025-12-31')).toBe(new Date(2026, 0, 1).getTime());
    expect(dayStart('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
    expect(dayStart('2025-02-29')).toBeUndefined();
  });

  it('leaves empty parts out of the body', () => {
    expect(orderListBody(orderFilterFrom(new URLSearchParams('customer=%20%20')), 10)).toEqual({ page: 1, pageSize: 10 });
  });
});
