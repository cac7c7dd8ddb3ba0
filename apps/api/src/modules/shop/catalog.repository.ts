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
  category_slug: string;
  category_name: string;
}

/** Search words: letters and digits only (so nothing can inject query syntax), at most 8. */
export function searchTerms(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * The active products a query selects, as rows (id, category_id, price, r) narrow enough to
 * sort and count all of them; r orders by relevance (lower first) and is only computed when
 * asked for, as ranking is most of a broad search's cost. Full-text search with prefix
 * matching on name and description, every word required (AND): FTS5 with bm25 (name weighted
 * 10x) on SQLite, the weighted tsvector with ts_rank on PostgreSQL (GIN index).
 */
function matching(dialect: DialectName, q: CatalogQuery, o: { ranked: boolean; inCategory: boolean }): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`x.active = 1`];
  if (o.inCategory && q.category !== 'all') where.push(sql`x.category_id = (select id from product_category where slug = ${q.category})`);
  if (q.priceFrMinor !== undefined) where.push(sql`x.price >= ${q.priceFrMinor}`);
  if (q.priceToMinor !== undefined) where.push(sql`x.price <= ${q.priceToMinor}`);
  const filters = sql.join(where, sql` and `);
  if (q.terms.length === 0) return sql`select x.id, x.category_id, x.price, null as r from product x where ${filters}`;
  if (dialect === 'sqlite') {
    const match = q.terms.map((t) => `"${t}"*`).join(' ');
    const fts = o.ranked
      ? sql`select rowid, bm25(product_fts, 10.0, 1.0) as r from product_fts where product_fts match ${match}`
      : sql`select rowid, null as r from product_fts where product_fts match ${match}`;
    // The FTS match runs once, as the outer loop (CROSS JOIN fixes SQLite's join order; else
    // the planner may re-run the match for every product). Each hit reads its filter columns
    // from the covering index, not from the table's wide rows (migration 0008).
    return sql`select x.id, x.category_id, x.price, f.r from (${fts}) f cross join product x indexed by product_match on x.id = f.rowid where ${filters}`;
  }
  const query = q.terms.map((t) => `${t}:*`).join(' & ');
  const rank = o.ranked ? sql`-ts_rank(x.search, to_tsquery('simple', ${query}))` : sql`null`;
  return sql`select x.id, x.category_id, x.price, ${rank} as r from product x where x.search @@ to_tsquery('simple', ${query}) and ${filters}`;
}

/** One page of products (the total comes from the category counts). */
export async function listProducts(db: Q, dialect: DialectName, q: CatalogQuery): Promise<ProductListRow[]> {
  const ranked = q.sort === 'relevance' && q.terms.length > 0;
  const order = (t: RawBuilder<unknown>) =>
    q.sort === 'price_asc' ? sql`${t}.price asc, ${t}.id asc`
    : q.sort === 'price_desc' ? sql`${t}.price desc, ${t}.id asc`
    : ranked ? sql`${t}.r asc, ${t}.id asc`
    : sql`${t}.id desc`;
  // The page is chosen over the narrow rows first; only its products are then read in full.
  const result = await sql<ProductListRow>`
    with page as (select m.id, m.price, m.r from (${matching(dialect, q, { ranked, inCategory: true })}) m order by ${order(sql.raw('m'))} limit ${q.limit} offset ${q.offset})
    select p.id, p.slug, p.name, p.price, p.images, p.stock, c.slug as category_slug, c.name as category_name
    from page join product p on p.id = page.id
    join product_category c on c.id = p.category_id
    order by ${order(sql.raw('page'))}`.execute(db);
  return result.rows;
}

/** Per-category counts for the same search and price filters (ignoring the category filter itself), every category in display order. */
export async function categoryCounts(db: Q, dialect: DialectName, q: CatalogQuery) {
  const result = await sql<{ slug: string; name: string; count: number }>`
    select c.slug, c.name, coalesce(g.n, 0) as count
    from product_category c
    left join (select m.category_id, count(*) as n from (${matching(dialect, q, { ranked: false, inCategory: false })}) m group by m.category_id) g on g.category_id = c.id
    order by c.position, c.id`.execute(db);
  return result.rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function productById(db: Q, id: number) {
  return db
    .selectFrom('product as p')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.description', 'p.price', 'p.images', 'p.stock', 'p.active', 'c.slug as category_slug', 'c.name as category_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export async function featuredProducts(db: Q, limit: number) {
  return db
    .selectFrom('product as p')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.price', 'p.images', 'p.stock', 'c.slug as category_slug', 'c.name as category_name'])
    .where('p.active', '=', 1)
    .where('p.stock', '>', 0)
    .orderBy('p.price', 'desc')
    .limit(limit)
    .execute();
}
