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
 * The active products a query selects (search and price, not category), as rows
 * (id, category_id, price, r) narrow enough to sort and count all of them; r orders by
 * relevance (lower first) and is only computed when asked for, as ranking is most of a broad
 * search's cost. Full-text search with prefix matching on name and description, every word
 * required (AND): FTS5 with bm25 (name weighted 10x) on SQLite, the weighted tsvector with
 * ts_rank on PostgreSQL (GIN index).
 */
function matching(dialect: DialectName, q: CatalogQuery, ranked: boolean): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`x.active = 1`];
  if (q.priceFrMinor !== undefined) where.push(sql`x.price >= ${q.priceFrMinor}`);
  if (q.priceToMinor !== undefined) where.push(sql`x.price <= ${q.priceToMinor}`);
  const filters = sql.join(where, sql` and `);
  if (q.terms.length === 0) return sql`select x.id, x.category_id, x.price, null as r from product x where ${filters}`;
  if (dialect === 'sqlite') {
    const match = q.terms.map((t) => `"${t}"*`).join(' ');
    const fts = ranked
      ? sql`select rowid, bm25(product_fts, 10.0, 1.0) as r from product_fts where product_fts match ${match}`
      : sql`select rowid, null as r from product_fts where product_fts match ${match}`;
    // The FTS match runs once, as the outer loop (CROSS JOIN fixes SQLite's join order; else
    // the planner may re-run the match for every product). Each hit reads its filter columns
    // from the covering index, not from the table's wide rows (migration 0008).
    return sql`select x.id, x.category_id, x.price, f.r from (${fts}) f cross join product x indexed by product_match on x.id = f.rowid where ${filters}`;
  }
  // A sub-select makes the tsquery an init plan, parsed once per run: statements are prepared
  // and may run a generic plan, where to_tsquery of a parameter was evaluated for every row.
  const query = sql`(select to_tsquery('simple', ${q.terms.map((t) => `${t}:*`).join(' & ')}))`;
  const rank = ranked ? sql`-ts_rank(x.search, ${query})` : sql`null`;
  return sql`select x.id, x.category_id, x.price, ${rank} as r from product x where x.search @@ ${query} and ${filters}`;
}

type PageRow = ProductListRow & { kind: 0 | 1; count: number | null };

/**
 * One page of products and the per-category counts (search and price filters applied, the
 * category filter not), in one statement. A search's matches are found and ranked once
 * (materialised) and feed both; without a search each part walks its own index (newest or
 * price order for the page, (active, category_id, price) for the counts). The page is chosen
 * over narrow rows first; only its products are read in full.
 */
export async function catalogPage(db: Q, dialect: DialectName, q: CatalogQuery) {
  const ranked = q.sort === 'relevance' && q.terms.length > 0;
  // Columns by name: the same keys order the page inside and the answer outside.
  const order =
    q.sort === 'price_asc' ? sql`price asc, id asc`
    : q.sort === 'price_desc' ? sql`price desc, id asc`
    : ranked ? sql`r asc, id asc`
    : sql`id desc`;
  const inCategory = q.category === 'all' ? sql`1 = 1` : sql`m.category_id = (select id from product_category where slug = ${q.category})`;
  const result = await sql<PageRow>`
    with m as ${q.terms.length > 0 ? sql`materialized` : sql`not materialized`} (${matching(dialect, q, ranked)}),
    page as (select m.id, m.price, m.r from m where ${inCategory} order by ${order} limit ${q.limit} offset ${q.offset})
    select 0 as kind, p.id as id, p.slug, p.name, p.price as price, p.images, p.stock, c.slug as category_slug, c.name as category_name, null as count, page.r as r, null as position
    from page join product p on p.id = page.id join product_category c on c.id = p.category_id
    union all
    select 1, null, null, null, null, null, null, c.slug, c.name, coalesce(g.n, 0), null, c.position
    from product_category c left join (select m.category_id, count(*) as n from m group by m.category_id) g on g.category_id = c.id
    order by kind, ${order}, position`.execute(db);
  const rows = result.rows.filter((r) => Number(r.kind) === 0);
  const categories = result.rows.filter((r) => Number(r.kind) === 1).map((r) => ({ slug: r.category_slug, name: r.category_name, count: Number(r.count) }));
  return { rows, categories };
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
