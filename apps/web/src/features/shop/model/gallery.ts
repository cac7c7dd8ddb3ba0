import type { ProductDetail } from '@parmeta/contracts';

// What the product page's gallery shows, shared with page.html's early script, which paints its
// main picture first (boot/early-product.ts).

/** The product's pictures, in order: its images, else its card image. */
export const galleryOf = (p: Pick<ProductDetail, 'image' | 'images'>): readonly string[] => (p.images.length > 0 ? p.images : [p.image]);

/** A picture's text: which of how many, when there are several. */
export const pictureAlt = (name: string, i: number, count: number) => (count > 1 ? `${name}, image ${i + 1} of ${count}` : name);
