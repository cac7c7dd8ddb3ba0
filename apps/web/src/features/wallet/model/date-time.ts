const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Epoch milliseconds as "12 Mar 2026, 14:05" in the viewer's time zone. A module of its own: the
 * linked-wallet panel on the wallet's first screen needs it, and model/history.ts would bring the
 * ledger's labels (and with them zod and the contracts' schemas) along.
 */
export const formatDateTime = (at: number) => dateTime.format(at);
