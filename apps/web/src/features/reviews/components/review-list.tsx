import type { Review } from '@parmeta/contracts';
import { failureMessage } from '@/lib/call-api';
import { useVoteReview } from '../api/vote-review';
import { Stars } from './stars';
import styles from './review-list.module.css';

const day = (at: number) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** One page of reviews, each with its stars, author, date and a Helpful toggle (not on one's own). */
export function ReviewList({ productId, reviews }: { productId: number; reviews: readonly Review[] }) {
  const vote = useVoteReview(productId);
  return (
    <ol className={styles.list}>
      {reviews.map((r) => (
        <li key={r.id} className={styles.review}>
          <article aria-labelledby={`review-${r.id}-title`}>
            <div className={styles.head}>
              <Stars value={r.rating} />
              <h3 id={`review-${r.id}-title`} className={styles.title}>
                {r.title}
              </h3>
            </div>
            <p className={styles.meta}>
              {r.author}
              {r.mine && ' (you)'} · <time dateTime={new Date(r.createdAt).toISOString()}>{day(r.createdAt)}</time>
              {r.editedAt !== null && ' · edited'}
            </p>
            <p className={styles.body}>{r.body}</p>
            <div className={styles.foot}>
              {r.mine ? (
                <span className={styles.helpfulCount}>{r.helpfulCount === 1 ? '1 person found this helpful' : `${r.helpfulCount} people found this helpful`}</span>
              ) : (
                <button
                  type="button"
                  className={styles.helpful}
                  aria-pressed={r.votedHelpful}
                  disabled={vote.isPending && vote.variables?.reviewId === r.id}
                  onClick={() => vote.mutate({ reviewId: r.id, helpful: !r.votedHelpful })}
                >
                  Helpful ({r.helpfulCount})
                </button>
              )}
              {vote.isError && vote.variables?.reviewId === r.id && (
                <span role="alert" className={styles.error}>
                  {failureMessage(vote.error)}
                </span>
              )}
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
