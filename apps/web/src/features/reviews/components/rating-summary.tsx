import type { ProductReviews } from '@parmeta/contracts';
import { Stars } from './stars';
import styles from './rating-summary.module.css';

const plural = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** The average in large, its stars, and how many reviews gave 5 down to 1 stars as bars with their counts. */
export function RatingSummary({ summary }: { summary: ProductReviews['summary'] }) {
  return (
    <div className={styles.summary}>
      <div className={styles.average}>
        {summary.average === null ? (
          <p className={styles.none}>No reviews yet</p>
        ) : (
          <>
            <p className={styles.number}>{summary.average.toFixed(1)}</p>
            <Stars value={summary.average} size={20} />
            <p className={styles.count}>{plural(summary.count)}</p>
          </>
        )}
      </div>
      <ul className={styles.bars} aria-label="Reviews by stars">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = summary.distribution[stars];
          const share = summary.count > 0 ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className={styles.row}>
              <span className={styles.label}>{stars} {stars === 1 ? 'star' : 'stars'}</span>
              <span className={styles.track} aria-hidden="true">
                <span className={styles.fill} style={{ width: `${share}%` }} />
              </span>
              <span className={styles.n}>
                {n}
                <span className="sr-only"> {n === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
