import type { Generated, Selectable } from 'kysely';

export interface PromoCodeTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: basis points (1000 = 10%); fixed: minor units. */
  value: number;
  min_order: Generated<number>;
  starts_at: number;
  ends_at: number | null;
  max_uses: number | null;
  max_uses_per_member: number | null;
  category_id: number | null;
  /** Orders holding a use now. */
  uses: Generated<number>;
  disabled_at: number | null;
  created_at: number;
}
export type PromoCodeRow = Selectable<PromoCodeTable>;

/** One order's use of a code; released (once) when the order is cancelled or expires. */
export interface PromoRedemptionTable {
  id: Generated<number>;
  code_id: number;
  order_id: number;
  user_id: number;
  discount: number;
  released_at: number | null;
  created_at: number;
}
