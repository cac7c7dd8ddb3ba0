import type { Suggestions } from '@parmeta/contracts';
import { shopSearch } from './shop-filter';

/** One choice of the suggestion list, with where choosing it goes. */
export interface SuggestionOption {
  key: string;
  kind: 'product' | 'category';
  label: string;
  /** The address it opens: a product's page, or the shop filtered to a category. */
  to: string;
  image?: string;
  price?: number;
  detail?: string;
}

/** Products first (what most people look for), then categories, in the order the server ranked them. */
export function suggestionOptions(data: Suggestions | undefined): SuggestionOption[] {
  if (!data) return [];
  return [
    ...data.products.map((p): SuggestionOption => ({ key: `p${p.id}`, kind: 'product', label: p.name, to: `/product/${p.id}`, image: p.image, price: p.price, detail: p.category.name })),
    ...data.categories.map((c): SuggestionOption => ({ key: `c${c.slug}`, kind: 'category', label: c.name, to: `/shop${shopSearch({ category: c.slug })}` })),
  ];
}

/**
 * The highlighted option after an arrow key: Down from none goes to the first, Up from none to
 * the last, and past either end back to none (the text box itself), as search boxes do.
 */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? -1 : active + 1;
  return active === -1 ? count - 1 : active - 1;
}
