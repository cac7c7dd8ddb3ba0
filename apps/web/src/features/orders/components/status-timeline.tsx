import type { OrderDetail } from '@parmeta/contracts';
import { TrackingNumber } from '@/components/ui/tracking-number';
import { STATUS_LABELS, formatDateTime, timeline } from '../model/order-status';
import styles from './status-timeline.module.css';

/** What happened to the order and when, then the steps still ahead. */
export function StatusTimeline({ order }: { order: OrderDetail }) {
  const steps = timeline(order.history, order.status);
  return (
    <ol className={styles.timeline}>
      {steps.map((step, i) => {
        const state = step.at === null ? styles.ahead : step.status === 'cancelled' ? styles.cancelled : styles.done;
        const latest = step.at !== null && (i === steps.length - 1 || steps[i + 1]?.at === null);
        return (
          <li key={`${step.status}-${i}`} className={`${styles.step} ${state}`} aria-current={latest ? 'step' : undefined}>
            <span className={styles.dot} aria-hidden="true" />
            <div className={styles.text}>
              <span className={styles.label}>{STATUS_LABELS[step.status]}</span>
              {step.at !== null ? (
                <time className={styles.time} dateTime={new Date(step.at).toISOString()}>
                  {formatDateTime(step.at)}
                </time>
              ) : (
                <span className={styles.time}>Not yet</span>
              )}
              {step.status === 'shipped' && step.at !== null && (order.carrier || order.trackingNo) && (
                <span className={styles.tracking}>
                  {order.carrier}
                  {order.carrier && order.trackingNo && ' · '}
                  {order.trackingNo && (
                    <>
                      Tracking number <TrackingNumber trackingNo={order.trackingNo} url={order.trackingUrl} />
                    </>
                  )}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
