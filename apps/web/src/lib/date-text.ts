// Dates and counts as the app shows them, written by hand rather than with Intl: a page load's
// first Intl date or number format initialises ICU's locale data, 20-25 ms of a desktop's main
// thread and four times that on a phone, before the page can render a table of dates
// (docs/decisions/0075). The output is Intl's own for the locales named below (tested against it).
// Times are the browser's local time, as Intl's.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** British English abbreviates September to four letters. */
const MONTHS_GB = MONTHS.map((m) => (m === 'Sep' ? 'Sept' : m));
const two = (n: number) => String(n).padStart(2, '0');

/** "Nov 27, 2026": Intl's `en` medium date. */
export function dateText(epochMs: number): string {
  const d = new Date(epochMs);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** "Nov 27, 2026, 11:10 PM": Intl's `en` medium date and short time. */
export function dateTimeText(epochMs: number): string {
  const d = new Date(epochMs);
  const hours = d.getHours();
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}, ${hours % 12 || 12}:${two(d.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "27 Nov 2026, 23:10": Intl's `en-GB` medium date and short time. */
export function dateTimeTextGb(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getDate()} ${MONTHS_GB[d.getMonth()]} ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "1,234,567": a whole number grouped by thousands, as `toLocaleString('en')`. */
export const groupDigits = (n: number): string => (n < 0 ? '-' : '') + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
