import { marketSeeder } from '../modules/market/market.seed.js';
import { shopGallerySeeder } from '../modules/shop/shop-gallery.seed.js';
import { shopSeeder } from '../modules/shop/shop.seed.js';
import { variantsSeeder } from '../modules/variants/variants.seed.js';
import type { Seeder } from './seed.js';

/** Every demo-data seeder, in dependency order. Features append theirs here. */
export const demoSeeders: readonly Seeder[] = [shopSeeder, shopGallerySeeder, marketSeeder, variantsSeeder];
