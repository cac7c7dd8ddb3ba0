import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export interface CatalogQuery {
  search: string;
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
 * Full-text search with prefix matching on name and description, ranked by relevance,
 * behind one interface: FTS5 with bm25 (name weighted 10x) on SQLite, a weighted
 * tsvector with ts_rank on PostgreSQL. Every term must match (AND), each as a prefix.
 */
function searchParts(dialect: DialectName, terms: string[]): { from: RawBuilder<unknown>; where: RawBuilder<unknown>; rank: RawBuilder<unknown> } | null {
  if (terms.length === 0) return null;
  if (dialect === 'sqlite') {
    const match = terms.map((t) => `"${t}"*`).join(' ');
    // The FTS match runs once, as the outer loop (CROSS JOIN fixes SQLite's join order):
    // otherwise the planner may loop over products and re-run the match for each one.
    return {
      from: sql`(select rowid as fts_id, bm25(product_fts, 10.0, 1.0) as fts_rank from product_fts where product_fts match ${match}) f cross join product p on p.id = f.fts_id`,
      where: sql`1 = 1`,
      rank: sql`f.fts_rank`,
    };
  }
  const query = terms.map((t) => `${t}:*`).join(' & ');
  return { from: sql`product p`, where: sql`p.search @@ to_tsquery('simple', ${query})`, rank: sql`-ts_rank(p.search, to_tsquery('simple', ${query}))` };
}

function filters(q: CatalogQuery, search: ReturnType<typeof searchParts>, withCategory: boolean): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`p.active = 1`];
  if (search) parts.push(search.where);
  if (withCategory && q.category !== 'all') parts.push(sql`c.slug = ${q.category}`);
  if (q.priceFrMinor !== undefined) parts.push(sql`p.price >= ${q.priceFrMinor}`);
  if (q.priceToMinor !== undefined) parts.push(sql`p.price <= ${q.priceToMinor}`);
  return sql.join(parts, sql` and `);
}

/** One page of products (the total comes from the category counts). */
export async function listProducts(db: Q, dialect: DialectName, q: CatalogQuery): Promise<ProductListRow[]> {
  const search = searchParts(dialect, searchTerms(q.search));
  const order =
    q.sort === 'price_asc' ? sql`p.price asc, p.id asc`
    : q.sort === 'price_desc' ? sql`p.price desc, p.id asc`
    : q.sort === 'relevance' && search ? sql`${search.rank} asc, p.id asc`
    : sql`p.id desc`;
  const result = await sql<ProductListRow>`
    select p.id, p.slug, p.name, p.price, p.images, p.stock, c.slug as category_slug, c.name as category_name
    from ${search ? search.from : sql`product p`}
    join product_category c on c.id = p.category_id
    where ${filters(q, search, true)}
    order by ${order}
    limit ${q.limit} offset ${q.offset}`.execute(db);
  return result.rows;
}

/** Per-category counts for the same search and price filters (ignoring the category filter itself). */
export async function categoryCounts(db: Q, dialect: DialectName, q: CatalogQuery) {
  const search = searchParts(dialect, searchTerms(q.search));
  const result = await sql<{ slug: string; name: string; count: number }>`
    select c.slug, c.name, count(p.id) as count
    from product_category c
    left join (select p.id, p.category_id from ${search ? search.from : sql`product p`} where ${filters(q, search, false)}) p on p.category_id = c.id
    group by c.id, c.slug, c.name, c.position
    order by c.position`.execute(db);
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
