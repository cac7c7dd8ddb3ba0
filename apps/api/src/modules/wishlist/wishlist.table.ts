import type { Generated } from 'kysely';

export interface WishlistItemTable {
  user_id: number;
  product_id: number;
  created_at: number;
}

/** One back-in-stock request: waiting while notified_at is null, done once its mail is queued. */
export interface StockAlertTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** Null: the product as a whole. Kept for variants (migration 0056). */
  variant_id: number | null;
  created_at: number;
  notified_at: number | null;
}
