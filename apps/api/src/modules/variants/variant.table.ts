import type { Generated, Selectable } from 'kysely';

/** One combination of a product's option values (migration 0050). */
export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  /** JSON array: one value per option of the product, in its order. */
  option_values: string;
  price: number;
  stock: number;
  /** '' shows the product's first image. */
  image: Generated<string>;
  position: number;
}
export type ProductVariantRow = Selectable<ProductVariantTable>;
