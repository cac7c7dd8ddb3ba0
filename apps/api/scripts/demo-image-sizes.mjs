// Writes the 320 px copy beside each demo product and NFT image (seed/images/{products,nfts}/NAME.webp
// -> NAME-320.webp), as the upload pipeline stores a product image at 800 and 320 px
// (src/modules/media/image-pipeline.ts): the shop's and the NFT market's grids show the small
// one on phones (an NFT's art is ~45 kB at 800 px). The output is committed; run this after
// adding or replacing a demo image:
// node apps/api/scripts/demo-image-sizes.mjs
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

for (const folder of ['products', 'nfts']) {
  const dir = path.join(import.meta.dirname, '../seed/images', folder);
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.webp') && !file.endsWith('-320.webp'))) {
    const small = name.replace(/\.webp$/, '-320.webp');
    await sharp(path.join(dir, name)).resize(320, 320, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(path.join(dir, small));
  }
}
