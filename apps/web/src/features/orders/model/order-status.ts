import type { OrderStatus } from '@parmeta/contracts';

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
