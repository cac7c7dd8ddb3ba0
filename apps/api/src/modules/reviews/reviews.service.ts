import type { AdminReview, OwnReview, ProductReviews, Review, reviewFields } from '@parmeta/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { lockUser } from '../../db/locks.js';
import { businessRule, notFound } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import { enforce, type Limit } from '../auth/rate-limit.js';
import { ratingOf } from './rating.js';
import * as repo from './reviews.repository.js';

type Q = Kysely<Database>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.reviewById>>>;

/** Writes and edits of reviews per member: plenty for honest use, a wall for a script (docs/decisions/0055). */
export const REVIEW_WRITE_LIMIT: Limit = { max: 10, windowMs: 60 * 60_000 };
/** Helpful marks (and taking them back) per member. */
export const REVIEW_VOTE_LIMIT: Limit = { max: 60, windowMs: 60 * 60_000 };

const NOT_IN_SHOP = 'That product is not in the shop.';
const NO_REVIEW = 'That review is not there any more.';

/** The author as other members see them: "Somchai J." from "Somchai Jaidee". */
export function authorName(fullName: string, userName: string): string {
  // A closed account keeps its reviews, under no name (member/closure.repository.ts).
  if (userName.startsWith('deleted.')) return 'Former member';
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return userName;
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}

const toReview = (r: Row, userId: number, voted: boolean): Review => ({
  id: r.id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  author: authorName(r.full_name, r.user_name),
  createdAt: Number(r.created_at),
  editedAt: r.edited_at === null ? null : Number(r.edited_at),
  helpfulCount: r.helpful_count,
  mine: r.user_id === userId,
  votedHelpful: voted,
});

const toAdminReview = (r: Row & { product_name: string }): AdminReview => ({
  id: r.id,
  product: { id: Number(r.product_id), name: r.product_name },
  userName: r.user_name,
  rating: r.rating,
  title: r.title,
  body: r.body,
  helpfulCount: r.helpful_count,
  hidden: r.hidden === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/**
 * Reviews and ratings: only members who received a product review it, once each (edits replace
 * it); the product row's count and star sum move in the same transaction as the review, so the
 * shop list never reads reviews. Hidden reviews count nowhere.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    /** Told after a committed change of a rating, so lists and product pages show it at once. */
    private readonly catalogChanged: () => void,
  ) {}

  private async activeProduct(db: Q, productId: number) {
    const product = await repo.productRating(db, productId);
    if (!product || product.active !== 1) throw notFound(NOT_IN_SHOP);
    return product;
  }

  async list(userId: number, productId: number, q: { sort: 'newest' | 'helpful'; page: number; pageSize: number }): Promise<ProductReviews> {
    const db = this.db.kysely;
    const product = await this.activeProduct(db, productId);
    const [rows, distribution, own, delivered] = await Promise.all([
      repo.visiblePage(db, productId, q.sort, q.pageSize, (q.page - 1) * q.pageSize),
      repo.distribution(db, productId),
      repo.ownReview(db, productId, userId),
      repo.hasDelivered(db, userId, productId),
    ]);
    const voted = await repo.votedAmong(db, userId, rows.map((r) => r.id));
    const rating = ratingOf(product.rating_count, product.rating_sum);
    return {
      items: rows.map((r) => toReview(r, userId, voted.has(r.id))),
      // The count on the product row is the visible reviews' count: the pages' total too.
      total: rating.count,
      page: q.page,
      pageSize: q.pageSize,
      summary: { ...rating, distribution },
      canReview: own !== undefined || delivered,
      mine: own ? { ...toReview(own, userId, false), hidden: own.hidden === 1 } : null,
    };
  }

  /** Writes the member's review of a product, or edits it: one per member and product. */
  async save(userId: number, productId: number, fields: z.output<typeof reviewFields>): Promise<{ review: OwnReview; created: boolean }> {
    await enforce(this.db.kysely, repo.writeKey(userId), REVIEW_WRITE_LIMIT);
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        await this.activeProduct(trx, productId);
        // One member's two first reviews sent at once: the second waits here, then edits the first.
        await lockUser(trx, this.db.dialect, userId);
        const now = Date.now();
        const before = await repo.ownReview(trx, productId, userId, this.db.dialect);
        if (!before) {
          if (!(await repo.hasDelivered(trx, userId, productId))) throw businessRule('You can review a product once an order of it has been delivered to you.');
          await repo.insertReview(trx, { product_id: productId, user_id: userId, ...fields }, now);
          await repo.moveRating(trx, productId, 1, fields.rating);
        } else {
          await repo.updateReview(trx, before.id, fields, now);
          if (before.hidden === 0) await repo.moveRating(trx, productId, 0, fields.rating - before.rating);
        }
        const after = (await repo.ownReview(trx, productId, userId))!;
        return { review: { ...toReview(after, userId, false), hidden: after.hidden === 1 }, created: !before };
      });
    } finally {
      this.catalogChanged();
    }
  }

  /** Marks another member's visible review helpful, or takes the mark back. */
  async vote(userId: number, reviewId: number, helpful: boolean): Promise<{ helpfulCount: number; votedHelpful: boolean }> {
    await enforce(this.db.kysely, repo.voteKey(userId), REVIEW_VOTE_LIMIT);
    return this.db.kysely.transaction().execute(async (trx) => {
      const review = await repo.reviewById(trx, reviewId, this.db.dialect);
      if (!review || review.hidden === 1) throw notFound(NO_REVIEW);
      await this.activeProduct(trx, Number(review.product_id));
      if (review.user_id === userId) throw businessRule('You cannot mark your own review as helpful.');
      await repo.setVote(trx, reviewId, userId, helpful, Date.now());
      const after = (await repo.reviewById(trx, reviewId))!;
      return { helpfulCount: after.helpful_count, votedHelpful: helpful };
    });
  }

  async adminList(f: { status: 'all' | 'visible' | 'hidden'; productId?: number; page: number; pageSize: number }) {
    const { items, total } = await repo.adminPage(this.db.kysely, { status: f.status, productId: f.productId, limit: f.pageSize, offset: (f.page - 1) * f.pageSize });
    return { items: items.map(toAdminReview), total, page: f.page, pageSize: f.pageSize };
  }

  /** Hides a review (or shows it again), audited; the product's rating moves with it. Asking for the state it is in changes nothing. */
  async setHidden(adminId: number, reviewId: number, hidden: boolean): Promise<AdminReview> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const before = await repo.reviewById(trx, reviewId, this.db.dialect);
        if (!before) throw notFound(NO_REVIEW);
        if ((before.hidden === 1) !== hidden) {
          await repo.setHidden(trx, reviewId, hidden, Date.now());
          await repo.moveRating(trx, Number(before.product_id), hidden ? -1 : 1, hidden ? -before.rating : before.rating);
          await audit(trx, adminId, hidden ? 'review.hide' : 'review.show', `review:${reviewId}`, { hidden: before.hidden === 1, product: Number(before.product_id), author: before.user_name, title: before.title }, { hidden });
        }
        return toAdminReview((await repo.adminOne(trx, reviewId))!);
      });
    } finally {
      this.catalogChanged();
    }
  }
}
