import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { pageQuery, paged } from '../common/pagination.js';
import { defineRoute } from '../routes.js';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX, REVIEWS_PAGE_SIZE } from './review-limits.js';

/**
 * Product reviews (docs/decisions/0055): written by members who received the product, one per
 * member and product (edited, not repeated); hidden by an admin, never deleted by one.
 */

/** Average (one decimal) and how many visible reviews; average is null without reviews. */
export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

export const reviewFields = z.strictObject({
  rating: numeric(z.number().int('must be a whole number of stars').min(1, 'must be 1 to 5 stars').max(5, 'must be 1 to 5 stars')),
  title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(REVIEW_TITLE_MAX, `must be at most ${REVIEW_TITLE_MAX} characters`),
  body: z
    .string({ error: 'is required' })
    .trim()
    .min(REVIEW_BODY_MIN, `must be at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `must be at most ${REVIEW_BODY_MAX} characters`),
});
export type ReviewFields = z.input<typeof reviewFields>;

export const review = z.object({
  id: z.number(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The author as other members see them: first name and the initial of the last. */
  author: z.string(),
  createdAt: z.number(),
  /** Set when the author edited it after writing it. */
  editedAt: z.number().nullable(),
  helpfulCount: z.number().int(),
  /** The caller's own review. */
  mine: z.boolean(),
  /** The caller marked it helpful. */
  votedHelpful: z.boolean(),
});
export type Review = z.infer<typeof review>;

/** The caller's own review, with whether an admin hid it (only its author and admins see that). */
export const ownReview = review.extend({ hidden: z.boolean() });
export type OwnReview = z.infer<typeof ownReview>;

export const reviewSort = z.enum(['newest', 'helpful']);

export const reviewsQuery = pageQuery.extend({
  sort: reviewSort.default('newest'),
  pageSize: numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(50, 'must be at most 50')).default(REVIEWS_PAGE_SIZE),
});

export const productReviews = paged(review).extend({
  summary: ratingSummary.extend({
    /** How many visible reviews gave 1..5 stars: keys "1" to "5". */
    distribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  }),
  /** May the caller write (or edit) a review: they have a delivered order of it. */
  canReview: z.boolean(),
  mine: ownReview.nullable(),
});
export type ProductReviews = z.infer<typeof productReviews>;

export const adminReview = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string() }),
  userName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  helpfulCount: z.number().int(),
  hidden: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminReview = z.infer<typeof adminReview>;

const tag = 'reviews';
const productParams = z.strictObject({ id: idNumber('must be a product id') });

export const reviewRoutes = {
  productReviews: defineRoute({
    method: 'GET',
    path: '/ecommerce/product/:id/reviews',
    summary: "A product's rating summary and visible reviews, newest or most helpful first, paged; the caller's own review and whether they may write one. Open to visitors when the catalog is (PUBLIC_CATALOG)",
    tag,
    auth: 'catalog',
    params: productParams,
    query: reviewsQuery,
    data: productReviews,
  }),
  saveReview: defineRoute({
    method: 'POST',
    path: '/ecommerce/product/:id/review',
    summary: "Writes or edits the caller's review of a product they received (one per member and product); rate limited",
    tag,
    auth: true,
    params: productParams,
    body: reviewFields,
    data: ownReview,
  }),
  voteReview: defineRoute({
    method: 'POST',
    path: '/ecommerce/review/:id/helpful',
    summary: "Marks another member's review helpful, or takes the mark back (one mark per member); rate limited",
    tag,
    auth: true,
    params: z.strictObject({ id: idNumber('must be a review id') }),
    body: z.strictObject({ helpful: z.boolean({ error: 'must be true or false' }) }),
    data: z.object({ helpfulCount: z.number().int(), votedHelpful: z.boolean() }),
  }),
  adminReviews: defineRoute({
    method: 'POST',
    path: '/admin/reviews/list',
    summary: 'Reviews across the shop, newest first; filter by hidden or visible and by product',
    tag: 'admin',
    auth: true,
    body: pageQuery.extend({
      status: z.enum(['all', 'visible', 'hidden']).default('all'),
      productId: idNumber('must be a product id').optional(),
    }),
    data: paged(adminReview),
  }),
  adminHideReview: defineRoute({
    method: 'POST',
    path: '/admin/reviews/hide',
    summary: 'Hides a review from the shop (or shows it again); recorded in the audit log',
    tag: 'admin',
    auth: true,
    body: z.strictObject({ id: idNumber('must be a review id'), hidden: z.boolean({ error: 'must be true or false' }) }),
    data: adminReview,
  }),
};
