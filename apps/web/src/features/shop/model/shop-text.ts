import { groupDigits } from '@/lib/date-text';

// The shop page's words that page.html's early script draws too (src/boot/early-list.ts).

export const SHOP_DESCRIPTION = 'Everyday products, delivered. Search the catalog, narrow it by category and price, and sort it your way.';

/** "1,234 products". Grouped by hand: the first toLocaleString loads the locale data, ~20 ms of a phone's first render of the shop. */
export const plural = (n: number, one: string, many: string) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** "1–12 of 50 products": the page of the results shown; null when there are none. */
export function shownRange({ page, pageSize, total }: { page: number; pageSize: number; total: number }): string | null {
  return total > 0 ? `${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)} of ${plural(total, 'product', 'products')}` : null;
}
