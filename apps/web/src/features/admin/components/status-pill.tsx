import type { OrderStatus } from '@parmeta/contracts';
import { ORDER_STATUS_LABELS } from '../model/order-actions';
import styles from './status-pill.module.css';

type Tone = 'warning' | 'info' | 'brand' | 'success' | 'danger' | 'neutral';

/** A state in words, tinted by how it stands; the words carry the meaning, the colour only helps. */
export function StatusPill({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`${styles.pill} ${styles[tone]}`}>{children}</span>;
}

const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warning',
  paid: 'brand',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'neutral',
};

export const OrderStatusPill = ({ status }: { status: OrderStatus }) => <StatusPill tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusPill>;

const PAYOUT: Record<'pending' | 'completed' | 'failed', [Tone, string]> = {
  pending: ['warning', 'Pending'],
  completed: ['success', 'Completed'],
  failed: ['danger', 'Failed'],
};

export const PayoutStatusPill = ({ status }: { status: keyof typeof PAYOUT }) => <StatusPill tone={PAYOUT[status][0]}>{PAYOUT[status][1]}</StatusPill>;
