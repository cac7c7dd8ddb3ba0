/**
 * Generates realistic shop products (adjective + material + noun names, descriptions from
 * word lists, a deterministic seed) and inserts them straight into a database the API has
 * already migrated: better-sqlite3 for SQLite (the FTS5 index is kept by the triggers),
 * pg for PostgreSQL (the weighted tsvector is a generated column). Batches in transactions.
 *
 * Run: node --import tsx bench/gen-products.ts (--sqlite <data-dir>/app.db | --pg <url>) [--count 100000] [--seed 42]
 * The database must exist and be migrated: start the API on it once, stop it, then run this.
 */
import { existsSync } from 'node:fs';
import type pg from 'pg';
import { Pg, Sqlite } from './lib/db.js';
import { isMain } from './lib/report.js';

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ADJECTIVES = [
  'rugged', 'compact', 'classic', 'modern', 'vintage', 'premium', 'lightweight', 'durable', 'elegant', 'portable',
  'wireless', 'ergonomic', 'foldable', 'waterproof', 'insulated', 'handcrafted', 'minimalist', 'rustic', 'sleek', 'cozy',
  'smart', 'deluxe', 'everyday', 'travel', 'heavy-duty', 'soft', 'bold', 'quiet', 'bright', 'breathable',
  'adjustable', 'reusable', 'organic', 'nordic', 'urban', 'alpine', 'coastal', 'midnight', 'golden', 'silver',
];
export const MATERIALS = [
  'steel', 'stainless steel', 'cotton', 'organic cotton', 'linen', 'leather', 'wool', 'merino wool', 'bamboo', 'oak',
  'walnut', 'ceramic', 'glass', 'copper', 'aluminium', 'silicone', 'canvas', 'denim', 'cashmere', 'recycled plastic',
  'titanium', 'marble', 'cork', 'nylon', 'silk',
];
/** Nouns per demo category slug; products of unknown categories draw from all of them. */
export const NOUNS: Record<string, string[]> = {
  electronics: ['headphones', 'speaker', 'charger', 'keyboard', 'mouse', 'earbuds', 'power bank', 'desk lamp', 'webcam', 'smartwatch', 'cable', 'router', 'microphone', 'tablet stand'],
  'home-kitchen': ['kettle', 'teapot', 'mug', 'frying pan', 'cutting board', 'knife set', 'blender', 'shelf', 'lamp', 'cushion', 'blanket', 'water bottle', 'coffee grinder', 'serving bowl'],
  fashion: ['shirt', 'shorts', 'jacket', 'sweater', 'scarf', 'beanie', 'sneakers', 'shoes', 'belt', 'backpack', 'wallet', 'dress', 'socks', 'sunglasses'],
  books: ['notebook', 'journal', 'cookbook', 'atlas', 'novel', 'sketchbook', 'planner', 'field guide', 'poetry collection', 'photo book'],
  'sports-outdoors': ['tent', 'sleeping bag', 'yoga mat', 'dumbbell', 'hiking poles', 'cycling gloves', 'running shoes', 'water flask', 'climbing rope', 'camping stove', 'skipping rope'],
  'toys-games': ['puzzle', 'board game', 'building blocks', 'kite', 'plush bear', 'train set', 'card game', 'chess set', 'marble run', 'dollhouse'],
  beauty: ['face serum', 'hand cream', 'lip balm', 'shampoo', 'hair brush', 'soap bar', 'body lotion', 'perfume', 'face mask', 'shaving kit'],
};
const FEATURES = [
  'with a lifetime warranty', 'built for daily use', 'that packs flat for travel', 'with reinforced seams', 'in a gift-ready box',
  'with a non-slip base', 'that is easy to clean', 'with a soft-touch finish', 'rated for the outdoors', 'made in small batches',
  'with a two-year battery life', 'that is machine washable', 'with a magnetic closure', 'tested by our team for a month',
];
const USES = [
  'Perfect for the commute, the office and weekends away.', 'A thoughtful gift for friends and family.', 'Designed to last for years, not seasons.',
  'Pairs well with the rest of the collection.', 'Great for small apartments and busy kitchens.', 'Loved by campers, climbers and city walkers alike.',
  'Quiet, reliable and easy to set up.', 'Every piece is checked by hand before it ships.', 'Comes with a simple, plastic-free package.',
];
const COLOURS = ['black', 'white', 'navy', 'forest green', 'sand', 'charcoal', 'terracotta', 'sky blue', 'burgundy', 'olive'];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const title = (s: string) => s.replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export interface Category {
  id: number;
  slug: string;
  /** Image URLs of the demo products of this category, e.g. '/demo/products/x.webp'. */
  images: string[];
}

export interface ProductRow {
  slug: string;
  name: string;
  description: string;
  category_id: number;
  images: string;
  price: number;
  stock: number;
  active: number;
  created_at: number;
  updated_at: number;
}

const ALL_NOUNS = Object.values(NOUNS).flat();
const FALLBACK_IMAGES = ['/demo/products/aurora-wireless-headphones.webp'];

/** `count` products, the same ones for the same seed and categories. */
export function* generateProducts(count: number, seed: number, categories: Category[], now = Date.now()): Generator<ProductRow> {
  if (categories.length === 0) throw new Error('no product categories: migrate and seed the database first');
  const r = rng(seed);
  for (let i = 0; i < count; i++) {
    const cat = pick(r, categories);
    const noun = pick(r, NOUNS[cat.slug] ?? ALL_NOUNS);
    const adjective = pick(r, ADJECTIVES);
    const material = pick(r, MATERIALS);
    const name = title(r() < 0.3 ? `${adjective} ${material} ${noun}` : r() < 0.5 ? `${adjective} ${noun}` : `${material} ${noun}`);
    const description =
      `A ${pick(r, ADJECTIVES)} ${noun} in ${pick(r, COLOURS)}, made of ${material} ${pick(r, FEATURES)}. ` +
      `${title(pick(r, ADJECTIVES))} and ${pick(r, ADJECTIVES)}, with ${pick(r, MATERIALS)} details. ${pick(r, USES)}`;
    yield {
      slug: `${slugify(name)}-g${seed}-${i}`,
      name,
      description,
      category_id: cat.id,
      images: JSON.stringify([cat.images.length ? pick(r, cat.images) : pick(r, FALLBACK_IMAGES)]),
      price: 199 + Math.floor(r() * 99_800),
      stock: Math.floor(r() * 200),
      active: 1,
      created_at: now - (count - i) * 1000,
      updated_at: now,
    };
  }
}

const COLUMNS = ['slug', 'name', 'description', 'category_id', 'images', 'price', 'stock', 'active', 'created_at', 'updated_at'] as const;

function categoriesFrom(rows: { id: number; slug: string; images: string | null }[]): Category[] {
  const byId = new Map<number, Category>();
  for (const row of rows) {
    const cat = byId.get(row.id) ?? { id: row.id, slug: row.slug, images: [] };
    if (row.images) cat.images.push(...(JSON.parse(row.images) as string[]));
    byId.set(row.id, cat);
  }
  return [...byId.values()];
}

const CATEGORY_SQL = 'select c.id, c.slug, p.images from product_category c left join product p on p.category_id = c.id order by c.id, p.id';

/** Inserts into a migrated SQLite database file (the server must not be running on it). */
export function fillSqlite(file: string, count: number, seed = 42, batch = 5000): number {
  if (!existsSync(file)) throw new Error(`${file} does not exist: start the API on its data dir once to migrate it`);
  const db = new Sqlite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL'); // a bulk load; the server sets its own pragmas when it opens the file
    // The indexes' pages stay in memory (256 MB), and the log is copied into the database every
    // 100,000 pages instead of every 1,000: 300,000 products in 68 s instead of 79.
    db.pragma('cache_size = -262144');
    db.pragma('wal_autocheckpoint = 100000');
    const categories = categoriesFrom(db.prepare(CATEGORY_SQL).all() as { id: number; slug: string; images: string | null }[]);
    const insert = db.prepare(`insert into product (${COLUMNS.join(', ')}) values (${COLUMNS.map((c) => `@${c}`).join(', ')})`);
    const insertMany = db.transaction((rows: ProductRow[]) => {
      for (const row of rows) insert.run(row);
    });
    let pending: ProductRow[] = [];
    for (const row of generateProducts(count, seed, categories)) {
      pending.push(row);
      if (pending.length >= batch) {
        insertMany(pending);
        pending = [];
      }
    }
    if (pending.length) insertMany(pending);
    db.pragma('wal_checkpoint(TRUNCATE)');
    return (db.prepare('select count(*) as n from product').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * Inserts into a migrated PostgreSQL database (the triggers fill the search tables), as a bulk
 * import would: two connections at once (one per core), each batch its own transaction (the
 * category counts' trigger locks those rows until commit), and the search index's GIN taking
 * new rows through its pending list (`fastupdate`, merged in bulk at the end, then off again as
 * the migration left it: a row at a time it cost ~200 µs per product, a quarter of that
 * through the list). Then VACUUM ANALYZE: statistics, hint bits and the visibility map, as
 * autovacuum would a minute later.
 */
export async function fillPostgres(url: string, count: number, seed = 42, batch = 1000, connections = 2): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new Pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const [first] = clients as [pg.Client];
  try {
    const categories = categoriesFrom((await first.query<{ id: number; slug: string; images: string | null }>(CATEGORY_SQL)).rows);
    const flush = async (client: pg.Client, rows: ProductRow[]) => {
      const values: unknown[] = [];
      const tuples = rows.map((row, i) => {
        for (const c of COLUMNS) values.push(row[c]);
        return `(${COLUMNS.map((_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`;
      });
      await client.query(`insert into product (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`, values);
    };
    // One generator, shared: each connection takes the next batch when its last one is in.
    const rows = generateProducts(count, seed, categories);
    const nextBatch = (): ProductRow[] => {
      const out: ProductRow[] = [];
      for (let next = rows.next(); !next.done; next = rows.next()) {
        out.push(next.value);
        if (out.length >= batch) break;
      }
      return out;
    };
    await first.query('alter index product_search_words set (fastupdate = on)');
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (let pending = nextBatch(); pending.length > 0; pending = nextBatch()) await flush(client, pending);
        }),
      );
      await first.query(`select gin_clean_pending_list('product_search_words'::regclass)`);
    } finally {
      // Off again even when the fill failed: a database filled by hand keeps the migration's setting.
      await first.query('alter index product_search_words set (fastupdate = off)');
    }
    await first.query('vacuum analyze');
    return (await first.query<{ n: number }>('select count(*)::int as n from product')).rows[0]?.n ?? 0;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Varied 1-2 word prefix searches over the generated vocabulary (deterministic). */
export function searchQueries(n = 40, seed = 7): string[] {
  const r = rng(seed);
  const fixed = ['stee', 'cotton sh', 'wirel', 'wool', 'kett', 'leather wal', 'bamb', 'yoga', 'smart wa', 'ceramic mu'];
  const out = [...fixed];
  const prefix = (w: string) => w.split(' ')[0]?.slice(0, 3 + Math.floor(r() * 3)) ?? w;
  while (out.length < n) {
    const kind = r();
    if (kind < 0.35) out.push(prefix(pick(r, MATERIALS)));
    else if (kind < 0.6) out.push(prefix(pick(r, ALL_NOUNS)));
    else if (kind < 0.75) out.push(prefix(pick(r, ADJECTIVES)));
    else out.push(`${pick(r, [...MATERIALS, ...ADJECTIVES]).split(' ')[0]} ${prefix(pick(r, ALL_NOUNS))}`);
  }
  return out.slice(0, n);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (isMain(import.meta.url)) {
  const count = Number(arg('count') ?? 100_000);
  const seed = Number(arg('seed') ?? 42);
  const sqliteFile = arg('sqlite');
  const pgUrl = arg('pg');
  if (!sqliteFile && !pgUrl) {
    console.error('usage: node --import tsx bench/gen-products.ts (--sqlite <file> | --pg <url>) [--count 100000] [--seed 42]');
    process.exit(2);
  }
  const t0 = performance.now();
  const total = sqliteFile ? fillSqlite(sqliteFile, count, seed) : await fillPostgres(pgUrl as string, count, seed);
  console.log(`inserted ${count} products in ${((performance.now() - t0) / 1000).toFixed(1)} s; the table now holds ${total}`);
}
