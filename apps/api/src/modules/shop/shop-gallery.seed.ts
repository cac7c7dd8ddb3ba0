import { demoImageUrl, type Seeder } from '../../seed/seed.js';

/**
 * Databases seeded before the demo products had galleries: each demo product that still shows
 * the one picture it was seeded with gets its whole set (the product, a close-up, in use). A
 * product whose images an admin has changed since is left as it is. On a database seeded with
 * the galleries already, nothing matches.
 */
export const shopGallerySeeder: Seeder = {
  name: 'demo-shop-gallery',
  async run(trx, catalog) {
    const now = Date.now();
    for (const product of catalog.products) {
      const [first] = product.images;
      if (!first || product.images.length < 2) continue;
      await trx
        .updateTable('product')
        .set({ images: JSON.stringify(product.images.map(demoImageUrl)), updated_at: now })
        .where('slug', '=', product.slug)
        .where('images', '=', JSON.stringify([demoImageUrl(first)]))
        .execute();
    }
  },
};
