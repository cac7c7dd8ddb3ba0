import type { ProductSummary } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import { LOW_STOCK_AT } from '@parmeta/contracts/shop/shop-limits';
import { ratingOf } from '../reviews/rating.js';

export const stockStateOf = (stock: number): ProductSummary['stockState'] => (stock <= 0 ? 'out_of_stock' : stock <= LOW_STOCK_AT ? 'low_stock' : 'in_stock');

/** A product as a list reads it: its row and its category's slug and name. */
export interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  price: number;
  price_max?: number | null;
  images: string;
  stock: number;
  category_slug: string;
  category_name: string;
  rating_count: number;
  rating_sum: number;
}

export function toProductSummary(r: SummaryRow): ProductSummary {
  const images = JSON.parse(r.images) as string[];
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    category: { slug: r.category_slug, name: r.category_name },
    price: fromMinor(r.price),
    image: images[0] ?? '',
    stock: r.stock,
    stockState: stockStateOf(r.stock),
    rating: ratingOf(Number(r.rating_count), Number(r.rating_sum)),
    priceMax: r.price_max === null || r.price_max === undefined ? null : fromMinor(r.price_max),
  };
}
