import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('reservation countdown', () => {
  it('shows minutes and seconds, rounding up to the next second', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(65_001)).toBe('1:06');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
