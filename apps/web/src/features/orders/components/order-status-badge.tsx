import type { OrderStatus } from '@parmeta/contracts';
import { STATUS_LABELS } from '../model/order-status';
import styles from './order-status-badge.module.css';

/** The order's state in words, tinted by how it stands; the words carry the meaning. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${styles.badge} ${styles[status]}`}>{STATUS_LABELS[status]}</span>;
}
