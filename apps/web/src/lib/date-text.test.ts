import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, dateTimeTextGb, groupDigits } from './date-text';

// Instants spread over 1970-2100, plus the edges of a day (midnight, noon, one minute either side).
function instants(): number[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const out = Array.from({ length: 3000 }, () => Math.floor(random() * 4_102_444_800_000));
  for (const hour of [0, 11, 12, 23]) for (const minute of [0, 1, 59]) out.push(new Date(2026, 10, 27, hour, minute).getTime());
  return out;
}

describe('date and number text written by hand', () => {
  it('is what Intl writes for en medium dates, en medium date and short time, and en-GB medium date and short time', () => {
    const en = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    const enTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const gbTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    // ICU has put a narrow no-break space before AM/PM in some versions: the same text to a reader.
    const plain = (text: string) => text.replace(/\u202f/g, ' ');
    for (const at of instants()) {
      expect(dateText(at), String(at)).toBe(plain(en.format(at)));
      expect(dateTimeText(at), String(at)).toBe(plain(enTime.format(at)));
      expect(dateTimeTextGb(at), String(at)).toBe(plain(gbTime.format(at)));
    }
  });

  it('groups whole numbers by thousands as toLocaleString("en") does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, -1234, 2 ** 40]) expect(groupDigits(n)).toBe(n.toLocaleString('en'));
  });
});
