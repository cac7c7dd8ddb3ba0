import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import type { ProductListRow } from '../shop/catalog.repository.js';

type Q = Kysely<Database>;

// The catalog's own reads, shared with the shop's search (docs/decisions/0079).
export { activeSummaries, categories } from '../shop/catalog.repository.js';

/** The highest code point: `text` and everything that starts with it sort in [text, text + TOP). */
const TOP = '\u{10FFFF}';

/**
 * Active products whose lower-case name starts with `text`, by name: a range of the
 * `product_name_lower` index (migration 0060), read until `limit` rows, so as cheap over
 * 100,000 products as over 10. PostgreSQL compares byte-wise (collate "C"), as SQLite
 * compares its text, so the index also gives the order.
 */
export async function namesStartingWith(db: Q, dialect: DialectName, text: string, limit: number): Promise<number[]> {
  const name = dialect === 'postgres' ? sql`(lower(name) collate "C")` : sql`lower(name)`;
  const result = await sql<{ id: number }>`select id from product where active = 1 and ${name} >= ${text} and ${name} < ${text + TOP} order by ${name} limit ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/**
 * Products with a word of the name starting with `prefix`, in word order, unranked and not
 * checked (a caller keeps those whose current name matches): a range of the name words read
 * until `limit` rows (migration 0060). SQLite: the full-text index's vocabulary (its rows may
 * still name a product deleted or renamed since the index last merged). PostgreSQL: the
 * product_name_word table (active products only).
 */
export async function nameWordStarting(db: Q, dialect: DialectName, prefix: string, limit: number): Promise<number[]> {
  const result =
    dialect === 'sqlite'
      ? await sql<{ id: number }>`select doc & 0xffffffff as id from product_fts_words where term >= ${prefix} and term < ${prefix + TOP} and col = 'name' limit ${limit}`.execute(db)
      : await sql<{ id: string }>`select product_id as id from product_name_word where word >= ${prefix} and word < ${prefix + TOP} limit ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/** What related products start from: the product's category and name (active products only). */
export async function productBasics(db: Q, id: number): Promise<{ id: number; category_id: number; name: string } | undefined> {
  const row = await db.selectFrom('product').select(['id', 'category_id', 'name']).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  return row && { id: Number(row.id), category_id: Number(row.category_id), name: row.name };
}

/**
 * Active products sharing a whole name word with the product (any of `words`), in one category
 * or in every other one, as list rows, unranked (the caller ranks these few by shared words): ranking every
 * sharer with bm25 / ts_rank cost 15-60 ms over 100,000 products. SQLite reads one category
 * as a range of the full-text index's rowids (category id in the high 32 bits, migration
 * 0010); PostgreSQL reads the product_name_word table's (word, category) ranges.
 */
export async function sharingNameWords(db: Q, dialect: DialectName, words: string[], where: { category: number } | { otherThan: number }, exclude: number, limit: number): Promise<ProductListRow[]> {
  if (words.length === 0) return [];
  let found: RawBuilder<unknown>;
  if (dialect === 'sqlite') {
    const match = `{name} : (${words.map((t) => `"${t}"`).join(' OR ')})`;
    const low = ('category' in where ? where.category : where.otherThan) * 2 ** 32;
    const high = low + 2 ** 32 - 1;
    const inCategory = 'category' in where ? sql`rowid between ${low} and ${high}` : sql`(rowid < ${low} or rowid > ${high})`;
    found = sql`select rowid & 0xffffffff as id from product_fts where product_fts match ${match} and ${inCategory} and rowid & 0xffffffff <> ${exclude} limit ${limit}`;
  } else {
    const inCategory = 'category' in where ? sql`category_id = ${where.category}` : sql`category_id <> ${where.otherThan}`;
    // Each word's own (word, category) range, cut at `limit`: a common word ("steel") has
    // thousands of rows in a category, and de-duplicating all of them was most of the cost.
    const perWord = words.map((w) => sql`(select product_id from product_name_word where word = ${w} and ${inCategory} and product_id <> ${exclude} limit ${limit})`);
    found = sql`select distinct product_id as id from (${sql.join(perWord, sql` union all `)}) w limit ${limit}`;
  }
  // The candidates' list rows in the same statement: they are ranked by their names next.
  const result = await sql<ProductListRow>`select p.id, p.slug, p.name, p.price, p.images, p.stock, c.slug as category_slug, c.name as category_name
    from (${found}) f join product p on p.id = f.id join product_category c on c.id = p.category_id where p.active = 1`.execute(db);
  return result.rows;
}

/** The newest active products of a category, but these. */
export async function newestInCategory(db: Q, category: number, exclude: number[], limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product')
    .select('id')
    .where('active', '=', 1)
    .where('category_id', '=', category)
    .where('id', 'not in', exclude)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Products bought in the same paid orders as this one, by how many different members bought
 * both, counted only from `minBuyers` members (decision 0061): fewer would tell a visitor what
 * one person bought. Orders not paid, or cancelled, do not count.
 */
export async function boughtTogether(db: Q, productId: number, minBuyers: number, limit: number): Promise<number[]> {
  const result = await sql<{ product_id: number }>`
    select other.product_id, count(distinct o.user_id) as buyers
    from shop_order_line mine
    join shop_order o on o.id = mine.order_id and o.status in ('paid', 'shipped', 'delivered')
    join shop_order_line other on other.order_id = mine.order_id and other.product_id <> mine.product_id
    where mine.product_id = ${productId}
    group by other.product_id
    having count(distinct o.user_id) >= ${minBuyers}
    order by buyers desc, other.product_id desc
    limit ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.product_id));
}

/** Every active product's address part and last change, newest first, for the sitemap. */
export async function sitemapProducts(db: Q, limit: number, offset: number): Promise<{ id: number; updated_at: number }[]> {
  const rows = await db.selectFrom('product').select(['id', 'updated_at']).where('active', '=', 1).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ id: Number(r.id), updated_at: Number(r.updated_at) }));
}

export async function countActiveProducts(db: Q): Promise<number> {
  const row = await db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every NFT (each has its page, listed or not), newest first, for the sitemap. */
export async function sitemapNfts(db: Q, limit: number): Promise<{ id: number; updated_at: number }[]> {
  const rows = await db.selectFrom('nft_item').select(['id', 'updated_at']).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: Number(r.id), updated_at: Number(r.updated_at) }));
}
