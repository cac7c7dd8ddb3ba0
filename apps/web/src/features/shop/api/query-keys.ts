import type { ShopQuery } from '../model/shop-filter';

/**
 * The shop's cache keys. Everything that changes stock (placing, paying or cancelling an
 * order) invalidates `shopKeys.all`, so listings and product pages show the new numbers.
 */
export const shopKeys = {
  all: ['shop'] as const,
  products: (filter: ShopQuery) => ['shop', 'products', filter] as const,
  product: (id: number) => ['shop', 'product', id] as const,
  related: (id: number) => ['shop', 'related', id] as const,
  suggestions: (text: string) => ['shop', 'suggestions', text.trim().toLowerCase()] as const,
};
