import type { Transaction } from '@parmeta/contracts';

type Kind = Transaction['type'];

/** The history's filter by type, in the groups a member thinks in (several ledger kinds each). */
export const HISTORY_GROUPS: readonly { id: string; label: string; kinds: readonly Kind[] }[] = [
  { id: 'topups', label: 'Top-ups', kinds: ['topup'] },
  { id: 'to-meta', label: 'Par to meta', kinds: ['par_to_meta'] },
  { id: 'conversions', label: 'Points to par', kinds: ['premium_to_par'] },
  { id: 'withdrawals', label: 'Withdrawals', kinds: ['payout_request', 'payout_completed', 'payout_failed'] },
  { id: 'nfts', label: 'NFT purchases and sales', kinds: ['nft_purchase', 'nft_sale'] },
  { id: 'shop', label: 'Shop orders and refunds', kinds: ['shop_payment', 'shop_refund'] },
  { id: 'points', label: 'Points earned and taken back', kinds: ['points_award', 'points_reversal'] },
];

/** The history as the address holds it: a group ('all' for every kind), a date range (days, inclusive; '' for open), a page. */
export interface HistoryView {
  group: string;
  from: string;
  to: string;
  page: number;
}

export const ALL_HISTORY: HistoryView = { group: 'all', from: '', to: '', page: 1 };

/** A calendar day as typed in a date field ("2026-03-14"), or null for anything that is not one. */
export function parseDay(text: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? { y, m, d } : null;
}

/** The address's history filter; a part that does not read (a hand-edited date) is left out rather than breaking the page. */
export function parseHistoryParams(params: URLSearchParams): HistoryView {
  const group = params.get('type') ?? 'all';
  const page = Number(params.get('page'));
  const day = (key: string) => {
    const text = params.get(key) ?? '';
    return parseDay(text) ? text : '';
  };
  return {
    group: HISTORY_GROUPS.some((g) => g.id === group) ? group : 'all',
    from: day('from'),
    to: day('to'),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of the history tab with a filter: only what differs from "everything". */
export function historySearch(view: HistoryView): string {
  const params = new URLSearchParams({ tab: 'history' });
  if (view.group !== 'all') params.set('type', view.group);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.page > 1) params.set('page', String(view.page));
  return `?${params.toString()}`;
}

/**
 * The API's filter for a view: the group's ledger kinds, and the days as a window in the
 * member's own time zone, from the start of the first day to the start of the day after the last.
 */
export function historyQuery(view: HistoryView): { type?: string; from?: number; to?: number } {
  const kinds = HISTORY_GROUPS.find((g) => g.id === view.group)?.kinds;
  const from = parseDay(view.from);
  const to = parseDay(view.to);
  return {
    ...(kinds && { type: kinds.join(',') }),
    ...(from && { from: new Date(from.y, from.m - 1, from.d).getTime() }),
    ...(to && { to: new Date(to.y, to.m - 1, to.d + 1).getTime() }),
  };
}

/** What is wrong with a typed range, under the "To" field; undefined when it is fine. */
export function rangeProblem(from: string, to: string): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  if (from && !parseDay(from)) problems.from = 'From must be a date';
  if (to && !parseDay(to)) problems.to = 'To must be a date';
  if (!problems.from && !problems.to && from && to && from > to) problems.to = 'To must be on or after the From date';
  return problems;
}

export const isNarrowed = (view: HistoryView) => view.group !== 'all' || view.from !== '' || view.to !== '';
