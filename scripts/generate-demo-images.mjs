#!/usr/bin/env node
/**
 * Generates the demo catalog images referenced by apps/api/seed/catalog.json.
 *
 *   node scripts/generate-demo-images.mjs
 *   node apps/api/scripts/demo-image-sizes.mjs   (the 320 px copies, after)
 *
 * Every image is an SVG drawn here (scripts/demo-images/) and encoded with sharp: each product
 * as itself (NAME.webp), a close-up of what its description talks about (NAME-2.webp) and in use
 * (NAME-3.webp); each NFT its collection's generative art. Randomness is seeded from the slug,
 * so the same catalog always produces the same files. No network, no fonts: no text is drawn.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { nftSvg } from './demo-images/nfts.mjs';
import { VIEWS } from './demo-images/product-views.mjs';
import { PRODUCT_ART } from './demo-images/products/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = path.join(ROOT, 'apps/api/seed');
const IMAGES_DIR = path.join(SEED_DIR, 'images');

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
  <rect width="192" height="192" rx="44" fill="#4f46e5"/>
  <path fill="#ffffff" fill-rule="evenodd" d="M58 152 V54 Q58 40 72 40 H106 A36 36 0 0 1 106 112 H84 V152 Q84 160 76 160 H66 Q58 160 58 152 Z M84 64 V88 H104 A12 12 0 0 0 104 64 Z"/>
  <circle cx="140" cy="146" r="12" fill="#a5b4fc"/>
</svg>
`;

async function writeWebp(svg, relative, quality, maxBytes) {
  const file = path.join(IMAGES_DIR, relative);
  await mkdir(path.dirname(file), { recursive: true });
  let q = quality;
  let buf;
  // Step the quality down if an image would exceed its size budget.
  for (;;) {
    buf = await sharp(Buffer.from(svg)).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
    if (buf.length <= maxBytes || q <= 40) break;
    q -= 6;
  }
  await writeFile(file, buf);
  return buf.length;
}

async function removeStale(dir, keep) {
  let entries = [];
  try {
    entries = await readdir(path.join(IMAGES_DIR, dir));
  } catch {
    return;
  }
  for (const name of entries) {
    // The 320 px copies are apps/api/scripts/demo-image-sizes.mjs's; they go with their image.
    const original = `${dir}/${name.replace(/-320\.webp$/, '.webp')}`;
    if (name.endsWith('.webp') && !keep.has(original)) await rm(path.join(IMAGES_DIR, dir, name));
  }
}

async function main() {
  const catalog = JSON.parse(await readFile(path.join(SEED_DIR, 'catalog.json'), 'utf8'));
  const only = process.argv[2];
  const written = new Set();
  let total = 0;

  for (const product of catalog.products) {
    const art = PRODUCT_ART[product.slug];
    if (!art) throw new Error(`no drawing for product "${product.slug}" (scripts/demo-images/products/)`);
    const expected = VIEWS.map((v) => `products/${product.slug}${v.suffix}.webp`);
    if (JSON.stringify(product.images) !== JSON.stringify(expected)) throw new Error(`catalog.json: ${product.slug} should list its images as ${JSON.stringify(expected)}`);
    for (const [i, view] of VIEWS.entries()) {
      written.add(expected[i]);
      if (only && !product.slug.includes(only)) continue;
      total += await writeWebp(view.render(product, art), expected[i], 70, 24 * 1024);
    }
  }
  for (const nft of catalog.nfts) {
    written.add(nft.image);
    if (only) continue;
    total += await writeWebp(nftSvg(nft), nft.image, 75, 60 * 1024);
  }
  if (!only) {
    await removeStale('products', written);
    await removeStale('nfts', written);
    await writeFile(path.join(IMAGES_DIR, 'logo.svg'), LOGO_SVG);
    const logo = await sharp(Buffer.from(LOGO_SVG)).png({ compressionLevel: 9 }).toBuffer();
    await writeFile(path.join(IMAGES_DIR, 'logo.png'), logo);
    total += logo.length;
  }
  console.log(`wrote images (${(total / 1024).toFixed(0)} KiB) to ${path.relative(ROOT, IMAGES_DIR)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
