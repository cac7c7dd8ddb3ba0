import { lazy, Suspense, useState } from 'react';
import { Button, LoadError, Skeleton, SuccessNotice } from '@/components/ui';
import { Pagination } from '@/components/ui/pagination';
import { useReviews } from '../api/get-reviews';
import type { ReviewSort } from '../api/query-keys';
import { RatingSummary } from './rating-summary';
import { ReviewList } from './review-list';
import styles from './product-reviews.module.css';

// The form (and the form components it brings) loads when a member opens it, warmed as the
// pointer or the focus reaches the button: most visits only read (docs/decisions/0073).
const loadReviewForm = () => import('./review-form');
const ReviewForm = lazy(() => loadReviewForm().then((m) => ({ default: m.ReviewForm })));
const warmForm = { onPointerEnter: () => void loadReviewForm(), onFocus: () => void loadReviewForm() };

/**
 * The product page's reviews: the rating summary, the member's own review or the way to write
 * one (for members who received the product), and the reviews, newest or most helpful first,
 * a page at a time. `onRatingChange`: the page's own data to refresh after a review is saved.
 */
export function ProductReviews({ productId, productName, onRatingChange }: { productId: number; productName: string; onRatingChange?: () => void }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [notice, setNotice] = useState('');
  const reviews = useReviews(productId, sort, page);
  const data = reviews.data;

  return (
    <section className={styles.section} aria-labelledby="product-reviews">
      <h2 id="product-reviews">Reviews</h2>
      {reviews.isError ? (
        <LoadError what="the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !data ? (
        <div role="status" aria-busy="true" aria-label="Loading the reviews" className={styles.loading}>
          <Skeleton width="100%" height={96} />
          <Skeleton width="100%" height={72} />
        </div>
      ) : (
        <>
          <RatingSummary summary={data.summary} />
          <SuccessNotice message={notice} />
          {writing ? (
            <Suspense fallback={<Skeleton width="100%" height={240} />}>
              <ReviewForm
                productId={productId}
                productName={productName}
                mine={data.mine}
                onSaved={onRatingChange}
                onDone={(msg) => {
                  setWriting(false);
                  setNotice(msg);
                }}
              />
            </Suspense>
          ) : data.mine ? (
            <div className={styles.mine} {...warmForm}>
              <p>
                {data.mine.hidden
                  ? 'Your review is hidden from the shop by our team; only you can see it. You can still edit it.'
                  : `You rated this ${data.mine.rating} out of 5.`}
              </p>
              <Button variant="secondary" size="sm" onClick={() => (setNotice(''), setWriting(true))}>
                Edit your review
              </Button>
            </div>
          ) : data.canReview ? (
            <div className={styles.mine} {...warmForm}>
              <p>You bought this. What did you think?</p>
              <Button size="sm" onClick={() => (setNotice(''), setWriting(true))}>
                Write a review
              </Button>
            </div>
          ) : (
            <p className={styles.hint}>Members who received this product can review it.</p>
          )}

          {data.total > 0 && (
            <>
              <div className={styles.toolbar}>
                <label htmlFor="review-sort">Sort by</label>
                <select
                  id="review-sort"
                  value={sort}
                  onChange={(e) => {
                    setSort(e.target.value as ReviewSort);
                    setPage(1);
                  }}
                >
                  <option value="newest">Newest</option>
                  <option value="helpful">Most helpful</option>
                </select>
              </div>
              <div aria-busy={reviews.isPlaceholderData || undefined} className={reviews.isPlaceholderData ? styles.busy : undefined}>
                <ReviewList productId={productId} reviews={data.items} />
              </div>
              <Pagination label="Review pages" page={data.page} pageCount={Math.ceil(data.total / data.pageSize)} onPageChange={setPage} />
            </>
          )}
        </>
      )}
    </section>
  );
}
