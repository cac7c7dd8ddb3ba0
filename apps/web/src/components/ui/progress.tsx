import styles from './progress.module.css';

interface ProgressProps {
  /** What is progressing, e.g. "Uploading your photo". */
  label: string;
  value: number;
  max?: number;
  /** How the value reads aloud when the number alone would not say it, e.g. "120 of 500". */
  valueText?: string;
  className?: string;
}

/** A determinate progress bar: a thin track filled to value / max, announced with its numbers. */
export function Progress({ label, value, max = 100, valueText, className }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const ratio = max > 0 ? clamped / max : 0;
  return (
    <div
      className={[styles.track, className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(clamped * 100) / 100}
      aria-valuetext={valueText}
    >
      <div className={styles.fill} style={{ transform: `scaleX(${ratio})` }} />
    </div>
  );
}
