import { z } from '../zod.js';
import { idNumber } from '../common/number-input.js';
import { defineRoute } from '../routes.js';
import { productSummary } from './shop.contract.js';
import { SUGGEST_MIN_CHARS } from './shop-limits.js';


export const suggestQuery = z.strictObject({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(SUGGEST_MIN_CHARS, `must be at least ${SUGGEST_MIN_CHARS} characters`)
    .max(100, 'must be at most 100 characters'),
});

export const productSuggestion = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  category: z.object({ slug: z.string(), name: z.string() }),
});
export type ProductSuggestion = z.infer<typeof productSuggestion>;

export const categorySuggestion = z.object({ slug: z.string(), name: z.string() });
export type CategorySuggestion = z.infer<typeof categorySuggestion>;

export const suggestions = z.object({ products: z.array(productSuggestion), categories: z.array(categorySuggestion) });
export type Suggestions = z.infer<typeof suggestions>;

export const relatedProducts = z.object({
  /** Same category first (names alike before the rest), then products with alike names in other categories. */
  related: z.array(productSummary),
  /** Bought in the same orders by enough different members (docs/decisions/0061); empty until then. */
  alsoBought: z.array(productSummary),
});
export type RelatedProducts = z.infer<typeof relatedProducts>;

const tag = 'shop';

export const discoveryRoutes = {
  suggest: defineRoute({
    method: 'GET',
    path: '/ecommerce/suggest',
    summary: `Products and categories matching what the shopper is typing (from ${SUGGEST_MIN_CHARS} characters)`,
    tag,
    auth: 'catalog',
    query: suggestQuery,
    data: suggestions,
  }),
  relatedProducts: defineRoute({
    method: 'GET',
    path: '/ecommerce/product/:id/related',
    summary: 'Related products of one product, and what customers also bought with it',
    tag,
    auth: 'catalog',
    params: z.strictObject({ id: idNumber() }),
    data: relatedProducts,
  }),
};
