import { dateTimeText } from '@/lib/date-text';

/**
 * Epoch milliseconds as "Mar 12, 2026, 2:05 PM" in the viewer's time zone. A module of its own: the
 * linked-wallet panel on the wallet's first screen needs it, and model/history.ts would bring the
 * ledger's labels (and with them zod and the contracts' schemas) along.
 */
export const formatDateTime = dateTimeText;
