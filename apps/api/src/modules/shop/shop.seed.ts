import { toMinor } from '@parmeta/contracts/common/money';
import { demoImageUrl, type Seeder } from '../../seed/seed.js';

/** The demo catalog: categories in display order and their products with stock. */
export const shopSeeder: Seeder = {
  name: 'demo-shop',
  async run(trx, catalog) {
    const now = Date.now();
    const categoryIds = new Map<string, number>();
    for (const c of catalog.categories) {
      const row = await trx.insertInto('product_category').values({ slug: c.slug, name: c.name, position: c.position }).returning('id').executeTakeFirstOrThrow();
      categoryIds.set(c.slug, row.id);
    }
    const rows = catalog.products.map((p, i) => {
      const categoryId = categoryIds.get(p.category);
      if (categoryId === undefined) throw new Error(`demo product ${p.slug}: unknown category ${p.category}`);
      return {
        slug: p.slug,
        name: p.name,
        description: p.description,
        category_id: categoryId,
        images: JSON.stringify(p.images.map(demoImageUrl)),
        price: toMinor(p.price),
        stock: p.stock,
        // spread creation times so "newest" has a stable, meaningful order
        created_at: now - (catalog.products.length - i) * 60_000,
        updated_at: now,
      };
    });
    await trx.insertInto('product').values(rows).execute();
  },
};
