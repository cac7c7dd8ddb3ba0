import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export interface CatalogQuery {
  /** Search words, as `searchTerms` makes them; none: no search. */
  terms: string[];
  category: string;
  priceFrMinor?: number;
  priceToMinor?: number;
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'newest';
  limit: number;
  offset: number;
}

export interface ProductListRow {
  id: number;
  slug: string;
  name: string;
  price: number;
  images: string;
  stock: number;
  price_max: number | null;
  category_slug: string;
  category_name: string;
  rating_count: number;
  rating_sum: number;
}

/** Search words: letters and digits only (so nothing can inject query syntax), at most 8. */
export function searchTerms(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * The active products a search selects (its words and price, not category; callers without
 * words read the products directly), as rows
 * (id, category_id, price, r) narrow enough to sort and count all of them. Full-text search
 * with prefix matching on name and description, every word required (AND): FTS5 with bm25
 * (name weighted 10x) on SQLite, the weighted tsvector with ts_rank on PostgreSQL (GIN index).
 * `use.rank`: r orders by relevance (lower first), only computed when asked for, as ranking is
 * most of a broad search's cost. `use.price`: the caller orders by price (SQLite reads it
 * from the products only then, or for a price filter).
 */
function matching(dialect: DialectName, q: CatalogQuery, use: { rank: boolean; price: boolean }): RawBuilder<unknown> {
  const prices = priceFilters(q);
  const filters = sql.join([sql`x.active = 1`, ...prices], sql` and `);
  if (dialect === 'sqlite') {
    const match = q.terms.map((t) => `"${t}"*`).join(' ');
    // The index holds active products only, and its rowid carries the category (migration
    // 0010): without a price to filter or order by, no product is read.
    const hits = sql`select rowid & 0xffffffff as id, rowid >> 32 as category_id, ${use.rank ? sql`bm25(product_fts, 10.0, 1.0)` : sql`null`} as r from product_fts where product_fts match ${match}`;
    if (prices.length === 0 && !use.price) return sql`select f.id, f.category_id, null as price, f.r from (${hits}) f`;
    // The match runs once, as the outer loop (CROSS JOIN fixes SQLite's join order); each hit
    // reads its price from the covering index, not from the table's wide rows (migration 0008).
    return sql`select f.id, f.category_id, x.price, f.r from (${hits}) f cross join product x indexed by product_match on x.id = f.id where ${filters}`;
  }
  // A sub-select makes the tsquery an init plan, parsed once per run: statements are prepared
  // and may run a generic plan, where to_tsquery of a parameter was evaluated for every row.
  const query = sql`(select to_tsquery('simple', ${q.terms.map((t) => `${t}:*`).join(' & ')}))`;
  const rank = use.rank ? sql`-ts_rank(x.search, ${query})` : sql`null`;
  // product_search holds active products only (migration 0010).
  const where = sql.join([sql`x.search @@ ${query}`, ...prices], sql` and `);
  return sql`select x.id, x.category_id, x.price, ${rank} as r from product_search x where ${where}`;
}

export interface CategoryCount {
  slug: string;
  name: string;
  count: number;
}

/**
 * One page of products and the per-category counts (search and price filters applied, the
 * category filter not), as two statements sent together: on PostgreSQL they run at once on
 * two pooled connections (a broad search's page and counts each take most of its time, so
 * its answer comes in about half the time); SQLite runs them one after the other. Each reads
 * its own snapshot: a product edited in between can make the counts and the page disagree by
 * that product, which the next read corrects.
 */
export async function catalogPage(db: Q, dialect: DialectName, q: CatalogQuery) {
  const [rows, categories] = await Promise.all([pageRows(db, dialect, q), categoryCounts(db, dialect, q)]);
  return { rows, categories };
}

/** A list row's columns, from `product p` joined with its `product_category c`. */
export const LIST_COLUMNS = sql`p.id as id, p.slug, p.name, p.price as price, p.price_max, p.images, p.stock, p.rating_count, p.rating_sum, c.slug as category_slug, c.name as category_name`;

/**
 * The statement reading these products' list rows, the active ones (`ids` not empty). Found by
 * their ids alone (`+` keeps SQLite from walking the (active, id) index for them instead, which
 * took twice as long: docs/decisions/0080).
 */
export const activeSummariesQuery = (ids: number[]) =>
  sql<ProductListRow>`select ${LIST_COLUMNS} from product p join product_category c on c.id = p.category_id where p.id in (${sql.join(ids)}) and +p.active = 1`;

/** The list rows of these products that are active, in no particular order. */
export async function activeSummaries(db: Q, ids: number[]): Promise<ProductListRow[]> {
  if (ids.length === 0) return [];
  return (await activeSummariesQuery(ids).execute(db)).rows;
}

/** Every category, in display order. */
export async function categories(db: Q): Promise<{ id: number; slug: string; name: string }[]> {
  const rows = await db.selectFrom('product_category').select(['id', 'slug', 'name']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The price filter on the products of table alias `t`. */
function priceFilters(q: CatalogQuery, t = 'x'): RawBuilder<unknown>[] {
  const price = sql.ref(`${t}.price`);
  const prices: RawBuilder<unknown>[] = [];
  if (q.priceFrMinor !== undefined) prices.push(sql`${price} >= ${q.priceFrMinor}`);
  if (q.priceToMinor !== undefined) prices.push(sql`${price} <= ${q.priceToMinor}`);
  return prices;
}

/**
 * The page. Without search words it is read straight from the products, walking the newest or
 * the price index and stopping after the page (a third of the SQLite time of the ranked shape
 * below, which sorts its page again after the join: docs/decisions/0067). With words, it is
 * chosen over narrow rows (id, price, rank) and only its products are read in full.
 */
async function pageRows(db: Q, dialect: DialectName, q: CatalogQuery): Promise<ProductListRow[]> {
  if (q.terms.length === 0) {
    const where = sql.join([sql`p.active = 1`, ...priceFilters(q, 'p'), ...(q.category === 'all' ? [] : [sql`p.category_id = (select id from product_category where slug = ${q.category})`])], sql` and `);
    const byProduct =
      q.sort === 'price_asc' ? sql`p.price asc, p.id asc`
      : q.sort === 'price_desc' ? sql`p.price desc, p.id asc`
      : sql`p.id desc`;
    const result = await sql<ProductListRow>`
      select ${LIST_COLUMNS}, null as r
      from product p join product_category c on c.id = p.category_id
      where ${where} order by ${byProduct} limit ${q.limit} offset ${q.offset}`.execute(db);
    return result.rows;
  }
  const ranked = q.sort === 'relevance';
  // Columns by name: the same keys order the page inside and the answer outside.
  const order =
    q.sort === 'price_asc' ? sql`price asc, id asc`
    : q.sort === 'price_desc' ? sql`price desc, id asc`
    : ranked ? sql`r asc, id asc`
    : sql`id desc`;
  const inCategory = q.category === 'all' ? sql`1 = 1` : sql`m.category_id = (select id from product_category where slug = ${q.category})`;
  const result = await sql<ProductListRow>`
    with page as (select m.id, m.price, m.r from (${matching(dialect, q, { rank: ranked, price: q.sort.startsWith('price') })}) m where ${inCategory} order by ${order} limit ${q.limit} offset ${q.offset})
    select ${LIST_COLUMNS}, page.r as r
    from page join product p on p.id = page.id join product_category c on c.id = p.category_id
    order by ${order}`.execute(db);
  return result.rows;
}

/**
 * Every category in display order with how many products the search and price filters leave in
 * it. Unfiltered: the count each category keeps. With a price filter only: each category counts
 * its own range of the (active, category, price) index, which holds everything the count reads.
 * With words: the matches, grouped.
 */
async function categoryCounts(db: Q, dialect: DialectName, q: CatalogQuery): Promise<CategoryCount[]> {
  const unfiltered = q.terms.length === 0 && q.priceFrMinor === undefined && q.priceToMinor === undefined;
  const result =
    // Nothing filtered: each category's own count of its active products (migration 0067).
    unfiltered ? await sql<CategoryCount>`select c.slug, c.name, coalesce(n.active_products, 0) as count from product_category c left join category_count n on n.category_id = c.id order by c.position, c.id`.execute(db)
    : q.terms.length === 0 ?
      await sql<CategoryCount>`
        select c.slug, c.name, (select count(*) from product x where ${sql.join([sql`x.active = 1`, sql`x.category_id = c.id`, ...priceFilters(q)], sql` and `)}) as count
        from product_category c order by c.position, c.id`.execute(db)
    : await sql<CategoryCount>`
        select c.slug, c.name, coalesce(g.n, 0) as count
        from product_category c left join (select m.category_id, count(*) as n from (${matching(dialect, q, { rank: false, price: false })}) m group by m.category_id) g on g.category_id = c.id
        order by c.position, c.id`.execute(db);
  return result.rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function productById(db: Q, id: number) {
  return db
    .selectFrom('product as p')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.description', 'p.price', 'p.price_max', 'p.options', 'p.images', 'p.stock', 'p.active', 'p.rating_count', 'p.rating_sum', 'c.slug as category_slug', 'c.name as category_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export async function featuredProducts(db: Q, limit: number) {
  return db
    .selectFrom('product as p')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.price', 'p.price_max', 'p.images', 'p.stock', 'p.rating_count', 'p.rating_sum', 'c.slug as category_slug', 'c.name as category_name'])
    .where('p.active', '=', 1)
    .where('p.stock', '>', 0)
    .orderBy('p.price', 'desc')
    .limit(limit)
    .execute();
}
