import styles from './stars.module.css';

/** "4.3 out of 5 stars": the words screen readers hear for a rating. */
export const ratingWords = (value: number) => `${value} out of 5 stars`;

/** Five stars filled to `value` (fractions shown as a part of a star); the picture is decoration, `label` carries the meaning. */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={styles.stars} style={{ fontSize: size }} role="img" aria-label={label ?? ratingWords(value)}>
      <span className={styles.empty} aria-hidden="true">
        ★★★★★
      </span>
      <span className={styles.full} style={{ width: `${percent}%` }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
