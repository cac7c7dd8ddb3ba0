import { toMinor } from '@parmeta/contracts/common/money';
import { sql } from 'kysely';
import type { Seeder } from '../../seed/seed.js';
import { resyncProducts } from './variant.repository.js';

type Demo = { slug: string; sku: string; options: { name: string; values: string[] }[]; price: (values: string[]) => string; stock: (values: string[], i: number) => number };

const sizes = ['S', 'M', 'L', 'XL'];
/** A few sold-out combinations, so the product page shows what it does with them. */
const some = (counts: number[]) => (_: string[], i: number) => counts[i % counts.length]!;

/**
 * The demo catalog's fashion and sports items with real options (docs/decisions/0050). The
 * products shown in other journeys (the tee, the denim jacket, the socks) stay without, as the
 * shop's plain products do. Runs once per database; a product an admin has given options
 * already is left alone.
 */
const DEMO: Demo[] = [
  { slug: 'alpine-merino-wool-beanie', sku: 'BEANIE', options: [{ name: 'Colour', values: ['Charcoal', 'Oatmeal', 'Forest'] }], price: () => '22.00', stock: some([20, 16, 12]) },
  {
    slug: 'riviera-linen-summer-shirt',
    sku: 'LINEN',
    options: [{ name: 'Size', values: sizes }, { name: 'Colour', values: ['White', 'Sand'] }],
    price: ([size]) => (size === 'XL' ? '49.00' : '45.00'),
    stock: some([4, 3, 5, 0, 6, 2, 4, 6]),
  },
  {
    slug: 'trailhead-cotton-hoodie',
    sku: 'HOODIE',
    options: [{ name: 'Size', values: sizes }, { name: 'Colour', values: ['Slate', 'Navy'] }],
    price: () => '54.00',
    stock: some([5, 4, 6, 5, 4, 0, 7, 5]),
  },
  { slug: 'metro-waterproof-rain-jacket', sku: 'RAIN', options: [{ name: 'Size', values: sizes }], price: ([size]) => (size === 'XL' ? '125.00' : '119.00'), stock: some([3, 5, 6, 0]) },
  { slug: 'pro-grip-yoga-mat', sku: 'YOGA', options: [{ name: 'Colour', values: ['Ocean', 'Plum', 'Graphite'] }, { name: 'Thickness', values: ['4 mm', '6 mm'] }], price: ([, t]) => (t === '6 mm' ? '39.00' : '34.00'), stock: some([8, 6, 9, 7, 0, 14]) },
  { slug: 'forge-adjustable-dumbbell-pair', sku: 'DUMBBELL', options: [{ name: 'Weight', values: ['2 × 10 kg', '2 × 20 kg'] }], price: ([w]) => (w === '2 × 20 kg' ? '169.00' : '119.00'), stock: some([10, 6]) },
  { slug: 'trailrunner-hydration-vest', sku: 'VEST', options: [{ name: 'Size', values: ['S/M', 'L/XL'] }], price: () => '69.00', stock: some([12, 9]) },
];

/** Every combination of the options' values, in order (the first option varies slowest). */
const combinations = (options: Demo['options']): string[][] => options.reduce<string[][]>((acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, v])), [[]]);

export const variantsSeeder: Seeder = {
  name: 'demo-variants',
  async run(trx) {
    const now = Date.now();
    for (const demo of DEMO) {
      const product = await trx.selectFrom('product').select(['id', 'options']).where('slug', '=', demo.slug).executeTakeFirst();
      if (!product || product.options !== '[]') continue;
      const rows = combinations(demo.options).map((values, i) => ({
        product_id: product.id,
        sku: [demo.sku, ...values.map((v) => v.toUpperCase().replace(/[^A-Z0-9]+/g, ''))].join('-'),
        option_values: JSON.stringify(values),
        price: toMinor(demo.price(values)),
        stock: demo.stock(values, i),
        image: '',
        position: i,
      }));
      await trx.insertInto('product_variant').values(rows).execute();
      await trx.updateTable('product').set({ options: JSON.stringify(demo.options), updated_at: now }).where('id', '=', product.id).execute();
      await resyncProducts(trx, sql`(${product.id})`);
    }
  },
};
