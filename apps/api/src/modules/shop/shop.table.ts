import type { Generated, Selectable } from 'kysely';

export interface ProductCategoryTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: number;
}

/** Active products per category, kept by triggers (migration 0067). */
export interface CategoryCountTable {
  category_id: number;
  active_products: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  /** JSON array of image URLs. */
  images: string;
  price: number;
  stock: number;
  active: Generated<number>;
  /** Options as JSON, '[]' without (migration 0050); with variants, price is the lowest variant price and stock their sum. */
  options: Generated<string>;
  /** The highest variant price; null for a product without variants. */
  price_max: number | null;
  created_at: number;
  updated_at: number;
}
export type ProductRow = Selectable<ProductTable>;

export type ShopOrderStatus = 'pending_payment' | 'paid' | 'shipped' | 'delivered' | 'cancelled';
export type ShopCancelReason = 'buyer' | 'admin' | 'expired';

export interface ShopOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: ShopOrderStatus;
  subtotal: number;
  discount: number;
  shipping_fee: number;
  total: number;
  /** The shipping form as JSON (the original's field names). */
  shipping: string;
  note: string;
  payment_method: 'par' | 'card' | null;
  charge_id: string | null;
  card_last4: string | null;
  points_awarded: Generated<number>;
  carrier: string | null;
  tracking_no: string | null;
  expires_at: number;
  created_at: number;
  paid_at: number | null;
  shipped_at: number | null;
  delivered_at: number | null;
  cancelled_at: number | null;
  /** Who or what cancelled it (migration 0025); null before it was kept. */
  cancel_reason: ShopCancelReason | null;
  /** A cancelled card order: when its card refund went through; null while it is still owed. */
  card_refunded_at: number | null;
  /** The promo code used (migration 0051) and what it took off (part of `discount`); null and 0 without. */
  promo_code: Generated<string | null>;
  promo_discount: Generated<number>;
  updated_at: number;
}
export type ShopOrderRow = Selectable<ShopOrderTable>;

export interface ShopOrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  image: string;
  unit_price: number;
  qty: number;
  /** The variant bought (migration 0050); null for a product without variants. */
  variant_id: number | null;
  variant_label: string | null;
  sku: string | null;
}
export type ShopOrderLineRow = Selectable<ShopOrderLineTable>;

/** One per member with a cart: the row a change locks; version goes up with every change. */
export interface CartTable {
  user_id: number;
  version: Generated<number>;
  /** The position the next appended line takes, so lines keep the order they were added in. */
  next_position: Generated<number>;
  updated_at: number;
}

export interface CartLineTable {
  user_id: number;
  product_id: number;
  /** 0 for a product without variants (a key column cannot be null). */
  variant_id: Generated<number>;
  qty: number;
  position: number;
}
