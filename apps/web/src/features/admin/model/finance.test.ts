import { describe, expect, it } from 'vitest';
import { chartGeometry, isDay, lastDays, momentFrom, niceCeiling, rangeFrom, rangeProblems } from './finance';

describe('finance page rules', () => {
  it('reads a range of UTC days from the URL, falling back to the last 30 days', () => {
    const now = Date.parse('2025-03-15T22:00:00Z');
    expect(lastDays(now)).toEqual({ from: '2025-02-14', to: '2025-03-15' });
    expect(rangeFrom(new URLSearchParams('from=2025-01-01&to=2025-01-31'), now)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    for (const bad of ['from=2025-02-30&to=2025-03-01', 'from=2025-03-02&to=2025-03-01', 'from=2024-01-01&to=2025-01-02', 'to=2025-01-01', 'from=soon&to=later']) {
      expect(rangeFrom(new URLSearchParams(bad), now), bad).toEqual(lastDays(now));
    }
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(rangeProblems({ from: '2025-03-02', to: '2025-03-01' })).toEqual({ to: 'The last day must be on or after the first day.' });
    expect(rangeProblems({ from: '', to: '2025-03-01' })).toEqual({ from: 'Choose the first day.' });
    expect(rangeProblems({ from: '2024-01-01', to: '2024-12-31' })).toEqual({});
  });

  it('takes a moment as the end of a local minute, and nothing else', () => {
    const m = momentFrom('2025-03-01T09:30');
    expect(m?.at).toBe(new Date(2025, 2, 1, 9, 30, 59, 999).getTime());
    expect(momentFrom('2025-03-01')).toBeNull();
    expect(momentFrom(null)).toBeNull();
  });

  it('draws each series inside the plot, on an axis a reader can count in', () => {
    expect([0, 0.3, 1, 7, 12, 180, 999].map(niceCeiling)).toEqual([0, 0.5, 1, 10, 20, 200, 1000]);
    const days = [
      { day: '2025-01-01', revenue: 0, fees: 0, topups: 120, payouts: 0 },
      { day: '2025-01-02', revenue: -30, fees: 2.5, topups: 0, payouts: 15 },
      { day: '2025-01-03', revenue: 80, fees: 1, topups: 40, payouts: 0 },
    ];
    const g = chartGeometry(days, 600, 200);
    expect(g.xs).toEqual([0, 300, 600]);
    expect(g.ticks.map((t) => t.value)).toEqual([-50, 0, 50, 100, 150]);
    expect(g.ticks[0]!.y).toBe(200);
    expect(g.ticks.at(-1)!.y).toBe(0);
    // 120 on a -50..150 axis: 30 of 200 from the top; -30: 180.
    expect(g.lines.topups.split(' ')[0]).toBe('0,30');
    expect(g.lines.revenue.split(' ')[1]).toBe('300,180');
    // One day: in the middle; all zero: still an axis.
    const one = chartGeometry([{ day: '2025-01-01', revenue: 0, fees: 0, topups: 0, payouts: 0 }], 600, 200);
    expect(one.xs).toEqual([300]);
    expect(one.ticks.at(-1)!.value).toBe(1);
  });
});
