import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test/helpers.js';
import { DEMO_MEDIA_DIR, demoImageUrl, loadDemoCatalog, seedDemoData } from './seed.js';
import { demoSeeders } from './seeders.js';

describe('the demo catalog’s images', () => {
  it('gives every product a gallery: itself, a close-up and in use (NAME, NAME-2, NAME-3), each with its 320 px copy (scripts/demo-image-sizes.mjs)', () => {
    const { products } = loadDemoCatalog();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.images, product.slug).toEqual([`products/${product.slug}.webp`, `products/${product.slug}-2.webp`, `products/${product.slug}-3.webp`]);
      for (const image of product.images) {
        expect(existsSync(path.join(DEMO_MEDIA_DIR, image)), image).toBe(true);
        expect(existsSync(path.join(DEMO_MEDIA_DIR, image.replace(/\.webp$/, '-320.webp'))), image).toBe(true);
      }
    }
  });

  it('gives every NFT its art with a 320 px copy beside it (the market grid on a phone)', () => {
    const { nfts } = loadDemoCatalog();
    expect(nfts.length).toBeGreaterThan(0);
    for (const nft of nfts) {
      expect(existsSync(path.join(DEMO_MEDIA_DIR, nft.image)), nft.image).toBe(true);
      expect(existsSync(path.join(DEMO_MEDIA_DIR, nft.image.replace(/\.webp$/, '-320.webp'))), nft.image).toBe(true);
    }
  });
});

describeEachDb(
  'demo galleries for a database seeded before them',
  (ctx) => {
    it('gives each demo product still on its one seeded picture the whole gallery, and leaves pictures an admin changed', async () => {
      const { db } = ctx();
      const catalog = loadDemoCatalog();
      const [untouched, edited] = catalog.products;
      const imagesOf = async (slug: string) => JSON.parse((await db.kysely.selectFrom('product').select('images').where('slug', '=', slug).executeTakeFirstOrThrow()).images) as string[];
      // A fresh database has the galleries from the start.
      expect(await imagesOf(untouched!.slug)).toEqual(untouched!.images.map(demoImageUrl));
      // As an older database had them: one picture each, one of them since replaced by an admin.
      await db.kysely.updateTable('product').set({ images: JSON.stringify([demoImageUrl(untouched!.images[0]!)]) }).where('slug', '=', untouched!.slug).execute();
      await db.kysely.updateTable('product').set({ images: JSON.stringify(['/media/admin-upload-800.webp']) }).where('slug', '=', edited!.slug).execute();
      await db.kysely.deleteFrom('seed_run').where('name', '=', 'demo-shop-gallery').execute();

      expect(await seedDemoData(db, demoSeeders)).toEqual(['demo-shop-gallery']);
      expect(await imagesOf(untouched!.slug)).toEqual(untouched!.images.map(demoImageUrl));
      expect(await imagesOf(edited!.slug)).toEqual(['/media/admin-upload-800.webp']);
      // It runs once.
      expect(await seedDemoData(db, demoSeeders)).toEqual([]);
    });
  },
  {},
  { seed: true },
);
