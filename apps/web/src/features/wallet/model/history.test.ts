import { describe, expect, it } from 'vitest';
import { movements } from './history';
import { formatAsset, formatSigned } from './money';

describe('wallet history', () => {
  it('lists the moved assets in order and leaves out zero sides', () => {
    expect(movements({ meta: 10, par: -10 })).toEqual([
      { asset: 'par', value: -10 },
      { asset: 'meta', value: 10 },
    ]);
    expect(movements({ par: 0, premium: 120 })).toEqual([{ asset: 'premium', value: 120 }]);
  });

  it('formats amounts with their sign and unit', () => {
    expect(formatSigned(25, 'par')).toBe('+25.00 par');
    expect(formatSigned(-1234.5, 'meta')).toBe('−1,234.50 meta');
    expect(formatSigned(300, 'premium')).toBe('+300 points');
    expect(formatAsset(0.29)).toBe('0.29 par');
    expect(formatAsset(-3)).toBe('−3.00 par');
  });
});
