import { useEffect, useState } from 'react';
import { formatCountdown } from '../model/countdown';
import styles from './reservation-timer.module.css';

/**
 * The time left to pay, ticking each second; calls onExpire once it runs out. Screen
 * readers hear when the reservation ends (in the text), not every tick.
 */
export function ReservationTimer({ expiresAt, onExpire }: { expiresAt: number; onExpire(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = expiresAt - now;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  const until = new Date(expiresAt).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
  return (
    <div className={styles.timer}>
      <p className={styles.line}>
        <strong>Reserved for you</strong>,{' '}
        <span role="timer" aria-label="Time left to pay" className={`${styles.clock} ${left < 60_000 ? styles.urgent : ''}`}>
          {formatCountdown(left)}
        </span>{' '}
        left
      </p>
      <p className={styles.until}>Pay or cancel by {until}. It stays yours until then, also if you leave this page and come back.</p>
    </div>
  );
}
