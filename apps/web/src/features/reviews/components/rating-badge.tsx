import type { ProductSummary } from '@parmeta/contracts';
import styles from './rating-badge.module.css';

/** A card's rating line: "★ 4.3 (12)", read as "Rated 4.3 out of 5 from 12 reviews". Nothing for a product nobody has reviewed yet. */
export function RatingBadge({ rating }: { rating: ProductSummary['rating'] }) {
  if (rating.average === null || rating.count === 0) return null;
  const words = `Rated ${rating.average} out of 5 from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={styles.badge} role="img" aria-label={words}>
      <span className={styles.star} aria-hidden="true">
        ★
      </span>{' '}
      <span aria-hidden="true">
        {rating.average.toFixed(1)} <span className={styles.count}>({rating.count})</span>
      </span>
    </span>
  );
}
