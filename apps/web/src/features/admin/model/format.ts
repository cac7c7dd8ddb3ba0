import { dateText, dateTimeText, groupDigits } from '@/lib/date-text';

/** "Nov 27, 2026, 11:10 PM". */
export const formatDateTime = dateTimeText;
/** "Nov 27, 2026". */
export const formatDate = dateText;
export const isoDate = (epochMs: number) => new Date(epochMs).toISOString();

/** "1 order", "3 orders". */
export const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** Page number from the URL: a whole number from 1, anything else is page 1. */
export function pageFrom(text: string | null): number {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
