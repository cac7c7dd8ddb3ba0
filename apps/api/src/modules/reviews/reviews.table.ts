import type { Generated } from 'kysely';

/** The visible reviews' count and star sum, on the product row (migration 0055): the list reads them with the product. */
export interface ProductRatingColumns {
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
}

export interface ProductReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** 1 to 5 stars. */
  rating: number;
  title: string;
  body: string;
  /** Members who marked it helpful (review_vote rows), kept in step in the same transaction. */
  helpful_count: Generated<number>;
  /** 1: hidden by an admin; it counts in no average and shows to its author only. */
  hidden: Generated<number>;
  created_at: number;
  edited_at: number | null;
  updated_at: number;
}

export interface ReviewVoteTable {
  review_id: number;
  user_id: number;
  created_at: number;
}
