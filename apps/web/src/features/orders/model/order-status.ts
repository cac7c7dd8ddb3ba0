import type { OrderDetail, OrderStatus, OrderSummary } from '@parmeta/contracts';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The way an order goes when nothing goes wrong. */
export const HAPPY_PATH: readonly OrderStatus[] = ['pending_payment', 'paid', 'shipped', 'delivered'];

/** The states from which the shop lets a buyer cancel (the server refuses the others with 422). */
export const canCancel = (status: OrderStatus) => status === 'pending_payment' || status === 'paid';

export interface TimelineStep {
  status: OrderStatus;
  /** When it happened; null for a step still ahead. */
  at: number | null;
}

/**
 * The history as a timeline: what happened, in order, then the steps still ahead on the
 * happy path. A cancelled order has nothing ahead.
 */
export function timeline(history: readonly { status: OrderStatus; at: number }[], status: OrderStatus): TimelineStep[] {
  const done: TimelineStep[] = [...history].sort((a, b) => a.at - b.at).map((h) => ({ status: h.status, at: h.at }));
  if (status === 'cancelled') return done;
  const reached = new Set(done.map((step) => step.status));
  const ahead = HAPPY_PATH.slice(HAPPY_PATH.indexOf(status) + 1).filter((s) => !reached.has(s));
  return [...done, ...ahead.map((s) => ({ status: s, at: null }))];
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (epochMs: number) => dateTime.format(epochMs);
export const formatDate = (epochMs: number) => dateOnly.format(epochMs);

/** Why a cancelled order was cancelled, in a sentence; null when nobody recorded it. */
export function cancelReasonText(reason: OrderSummary['cancelReason']): string | null {
  if (reason === 'buyer') return 'You cancelled this order.';
  if (reason === 'admin') return 'The shop cancelled this order.';
  if (reason === 'expired') return 'It was not paid in time, so the shop released it. Nothing was charged.';
  return null;
}

/** "Harbor Denim Jacket, Morning Mug and 2 more": the first names of an order, the rest counted. */
export function namesText(names: readonly string[], shown = 2): string {
  if (names.length <= shown) return names.join(' and ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** An order with money taken (paid, shipped or delivered): it has a receipt. */
export const isPaidStatus = (status: OrderStatus) => status === 'paid' || status === 'shipped' || status === 'delivered';

/** A receipt exists for every order that was paid, also when it was cancelled and refunded afterwards. */
export const hasReceipt = (order: Pick<OrderDetail, 'payment'>) => order.payment !== null;

/** When the order was paid, from its history. */
export const paidAt = (order: Pick<OrderDetail, 'history'>) => order.history.find((h) => h.status === 'paid')?.at ?? null;
