const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export const formatDateTime = (epochMs: number) => dateTime.format(epochMs);
export const formatDate = (epochMs: number) => dateOnly.format(epochMs);
export const isoDate = (epochMs: number) => new Date(epochMs).toISOString();

/** "1 order", "3 orders". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Page number from the URL: a whole number from 1, anything else is page 1. */
export function pageFrom(text: string | null): number {
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
