import type { Asset, Balances } from '@parmeta/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, ErrorNotice } from '@/components/ui';
import { ASSET_NAMES, formatAmount } from '../model/money';
import type { Review } from '../model/review';
import styles from './money-steps.module.css';

const ASSET_TITLES: Record<Asset, string> = { par: 'Par', meta: 'Meta', premium: 'Points' };

/** A heading that takes the focus (and comes into view) when its step appears, so a screen reader and a phone both land on it. */
function useLanding<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  }, []);
  return ref;
}

interface ReviewStepProps {
  review: Review;
  /** "Move 25.00 par to meta": the button says what Confirm does. */
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  failure: string | null;
  /** What the member should know before confirming (e.g. that a withdrawal is reviewed). */
  note?: ReactNode;
  onConfirm(): void;
  onEdit(): void;
}

/** The review: what will happen in one sentence, the balances it leaves, then Confirm or Edit. Nothing is sent before Confirm. */
export function ReviewStep({ review, confirmLabel, busyLabel, busy, failure, note, onConfirm, onEdit }: ReviewStepProps) {
  const heading = useLanding<HTMLHeadingElement>();
  const id = useId();
  return (
    <section className={styles.review} aria-labelledby={id} aria-busy={busy || undefined}>
      <h3 id={id} ref={heading} tabIndex={-1} className={styles.heading}>
        Check and confirm
      </h3>
      <p className={styles.sentence}>{review.sentence}</p>
      <dl className={styles.after}>
        {review.after.map((a) => (
          <div key={a.asset}>
            <dt>{a.label} after</dt>
            <dd>
              {formatAmount(a.value, a.asset)} <span className={styles.unit}>{ASSET_NAMES[a.asset]}</span>
            </dd>
          </div>
        ))}
      </dl>
      {note && <p className={styles.note}>{note}</p>}
      <ErrorNotice message={failure} />
      <div className={styles.actions}>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onEdit} disabled={busy}>
          Edit
        </Button>
      </div>
    </section>
  );
}

interface ResultStepProps {
  msg: string;
  balances: Balances | null;
  /** The balances this action changed, shown as they are now. */
  assets: readonly Asset[];
  againLabel: string;
  onAgain(): void;
  /** Where "Done" leads: back to the actions. */
  done: ReactNode;
}

/** The outcome in the server's words and the new balances, at the top of the action so a phone shows it without scrolling. */
export function ResultStep({ msg, balances, assets, againLabel, onAgain, done }: ResultStepProps) {
  const heading = useLanding<HTMLHeadingElement>();
  const id = useId();
  return (
    <section className={styles.result} aria-labelledby={id}>
      <h3 id={id} ref={heading} tabIndex={-1} className={styles.heading}>
        Done
      </h3>
      <p className={styles.message}>{msg}</p>
      {balances && (
        <dl className={styles.after} aria-label="Your balances now">
          {assets.map((asset) => (
            <div key={asset}>
              <dt>{ASSET_TITLES[asset]} now</dt>
              <dd>
                {formatAmount(balances[asset], asset)} <span className={styles.unit}>{ASSET_NAMES[asset]}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onAgain}>
          {againLabel}
        </Button>
        {done}
      </div>
    </section>
  );
}
