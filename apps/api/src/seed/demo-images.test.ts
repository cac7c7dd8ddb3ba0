import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR, loadDemoCatalog } from './seed.js';

describe('the demo catalog’s images', () => {
  it('each has its 320 px copy beside it, NAME-320.webp (scripts/demo-image-sizes.mjs), for the web app’s srcset', () => {
    const { products } = loadDemoCatalog();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      for (const image of product.images) {
        expect(image, product.slug).toMatch(/^products\/[a-z0-9-]+\.webp$/);
        expect(existsSync(path.join(DEMO_MEDIA_DIR, image)), image).toBe(true);
        expect(existsSync(path.join(DEMO_MEDIA_DIR, image.replace(/\.webp$/, '-320.webp'))), image).toBe(true);
      }
    }
  });
});
