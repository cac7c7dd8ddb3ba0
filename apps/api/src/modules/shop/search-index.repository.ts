import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import type { IndexedProduct } from './search-index.js';
import { activeSummariesQuery, LIST_COLUMNS, type ProductListRow } from './catalog.repository.js';

type Q = Kysely<Database>;

/** Products read per statement while the index is built. */
export const LOAD_BATCH = 2_000;

/** Where the change list stands: a sequence number (SQLite) or the oldest transaction still running (PostgreSQL). */
export async function changesMark(db: Q, dialect: DialectName): Promise<string> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ mark: number }>`select coalesce(max(seq), 0) as mark from search_change`.execute(db)
      : await sql<{ mark: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as mark`.execute(db);
  return String(rows[0]!.mark);
}

/** What the index keeps of a product, as its rows read it (PostgreSQL answers bigints as text). */
const INDEXED = sql`select id, category_id, price, name, description from product`;
const indexed = <R extends IndexedProduct>(rows: R[]): R[] => rows.map((r) => ({ ...r, id: Number(r.id), category_id: Number(r.category_id), price: Number(r.price) }));

/** The active products after `afterId`, in id order, a batch at a time. */
export async function activeProductsAfter(db: Q, afterId: number, limit = LOAD_BATCH): Promise<IndexedProduct[]> {
  return indexed((await sql<IndexedProduct>`${INDEXED} where active = 1 and id > ${afterId} order by id limit ${limit}`.execute(db)).rows);
}

export interface Change {
  productId: number;
  /** What the change list says of it (sequence number or transaction id), to skip one already applied. */
  version: string;
}

export interface ReadChange extends Change {
  /** Its indexed columns changed since the mark: it goes into the index again, not only onto the shelf (migration 0070). */
  indexed: boolean;
}

/**
 * The products changed since `mark` (0 standing for the categories), and the new mark, in one
 * statement. On PostgreSQL the new mark is the oldest transaction running now: a change it makes
 * later has an id at least that, so it is read next time, and one read now may be read again.
 */
export async function changesSince(db: Q, dialect: DialectName, mark: string): Promise<{ mark: string; changes: ReadChange[] }> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ seq: number; product_id: number; indexed_seq: number }>`select seq, product_id, indexed_seq from search_change where seq > ${Number(mark)} order by seq`.execute(db);
    return {
      mark: rows.length ? String(rows[rows.length - 1]!.seq) : mark,
      changes: rows.map((r) => ({ productId: Number(r.product_id), version: String(r.seq), indexed: Number(r.indexed_seq) > Number(mark) })),
    };
  }
  const { rows } = await sql<{ mark: string; product_id: string | null; xid: string | null; indexed: boolean | null }>`
    select h.mark::text as mark, c.product_id, c.xid::text as xid, c.indexed_xid >= ${mark}::xid8 as indexed
    from (select pg_snapshot_xmin(pg_current_snapshot()) as mark) h left join search_change c on c.xid >= ${mark}::xid8`.execute(db);
  return { mark: rows[0]!.mark, changes: rows.filter((r) => r.product_id !== null).map((r) => ({ productId: Number(r.product_id), version: r.xid!, indexed: r.indexed === true })) };
}

/**
 * The list rows of these active products, and the changes since `mark` (as `changesSince` reads
 * them), in one statement and so from one snapshot: when none of the changes is new to the
 * index, the page it chose is the page of this snapshot, read in one round trip. At most `limit`
 * changes: one more than the index has applied is enough to tell that one is new, and a bulk
 * change is then read by the sync, off the event loop, not here.
 */
export async function pageAndChanges(db: Q, dialect: DialectName, mark: string, ids: number[], limit: number): Promise<{ changes: Change[]; rows: ProductListRow[] }> {
  const changes =
    dialect === 'sqlite'
      ? sql`(select json_group_array(json_array(product_id, seq)) from (select product_id, seq from search_change where seq > ${Number(mark)} order by seq limit ${limit}))`
      : sql`(select coalesce(json_agg(json_build_array(product_id, xid::text)), '[]') from (select product_id, xid from search_change where xid >= ${mark}::xid8 limit ${limit}) s)`;
  const page = ids.length > 0 ? activeSummariesQuery(ids) : sql`select null as id`;
  const { rows } = await sql<ProductListRow & { changes: string | [number | string, number | string][] }>`
    select ch.changes, pg.* from (select ${changes} as changes) ch left join (${page}) pg on 1 = 1`.execute(db);
  // [product, version] pairs: JSON text from SQLite, parsed already by PostgreSQL's driver.
  const listed = typeof rows[0]!.changes === 'string' ? (JSON.parse(rows[0]!.changes) as [number | string, number | string][]) : rows[0]!.changes;
  return { changes: listed.map(([id, version]) => ({ productId: Number(id), version: String(version) })), rows: rows.filter((r) => r.id !== null).map(({ changes: _changes, ...row }) => row) };
}

/** A changed product as the index keeps it and as a page shows it. */
export type ChangedProduct = IndexedProduct & ProductListRow;

/** These products as the index keeps them and a page shows them; a deleted or inactive one is not among them. */
export async function changedProducts(db: Q, ids: number[]): Promise<ChangedProduct[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ChangedProduct>`
    select ${LIST_COLUMNS}, p.category_id, p.description
    from product p join product_category c on c.id = p.category_id where p.active = 1 and p.id in (${sql.join(ids)})`.execute(db);
  return indexed(rows);
}

/** Active products, as the categories count them (migration 0067). */
export async function activeCount(db: Q): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select coalesce(sum(active_products), 0) as n from category_count`.execute(db);
  return Number(rows[0]!.n);
}
