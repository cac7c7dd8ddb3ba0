import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/** SQLite: a search row's rowid is its product's category id in the high 32 bits and the product id in the low 32. */
const SEARCH_ROWID = (row: 'new' | 'old') => sql.raw(`(${row}.category_id << 32) | ${row}.id`);

/**
 * Search reads as little as it can per hit (decision 0016): a broad word matches 15,000 of
 * 100,000 products, and each hit's category, price and rank were read from the products.
 * In both dialects the search index now holds active products only, kept in step by triggers
 * (a product enters it while active and moves when its name, description, category or, on
 * PostgreSQL, price changes; stock changes never touch it).
 * - SQLite: each row's rowid carries its category (`SEARCH_ROWID`), so the per-category
 *   counts and a ranked page come from the full-text index alone; products are read for the
 *   page's rows, or for their price when a price filter or order asks for it. The index is
 *   contentless (no copy of the text; `contentless_delete` lets a row go by rowid).
 * - PostgreSQL: a narrow `product_search` table (id, category, price, tsvector, GIN index)
 *   replaces the tsvector column of the wide product rows, and the description's words are
 *   kept without their positions (`SEARCH_VECTOR`): rows of ~300 bytes instead of ~700, so a
 *   broad search reads 3,800 table pages instead of 7,700.
 */
export const m0010SearchFacets = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') return postgresSearchTable(db);
    for (const trigger of ['product_fts_insert', 'product_fts_delete', 'product_fts_update']) await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    await sql`drop table product_fts`.execute(db);
    await sql`create virtual table product_fts using fts5(name, description, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    await sql`insert into product_fts(rowid, name, description) select (category_id << 32) | id, name, description from product where active = 1`.execute(db);
    await sql`create trigger product_fts_insert after insert on product when new.active = 1 begin
      insert into product_fts(rowid, name, description) values (${SEARCH_ROWID('new')}, new.name, new.description); end`.execute(db);
    await sql`create trigger product_fts_delete after delete on product begin
      delete from product_fts where rowid = ${SEARCH_ROWID('old')}; end`.execute(db);
    await sql`create trigger product_fts_update after update of name, description, category_id, active on product begin
      delete from product_fts where rowid = ${SEARCH_ROWID('old')};
      insert into product_fts(rowid, name, description) select ${SEARCH_ROWID('new')}, new.name, new.description where new.active = 1; end`.execute(db);
  },
});

/**
 * PostgreSQL: the name's words with positions and weight A, the description's words without
 * positions (stored as weight D). ts_rank then ranks a word in the name by how often and how
 * early it appears, and a description hit counts once, below any name hit: about a third less
 * to store and read per product than positions for every description word.
 */
const SEARCH_VECTOR = (row: 'new' | 'product') =>
  sql.raw(`setweight(to_tsvector('simple', ${row}.name), 'A') || strip(to_tsvector('simple', ${row}.description))`);

async function postgresSearchTable(db: Kysely<unknown>) {
  await sql`alter table product drop column search`.execute(db); // and its GIN index
  await sql`create table product_search (
    id bigint primary key references product (id) on delete cascade,
    category_id bigint not null,
    price bigint not null,
    search tsvector not null)`.execute(db);
  // Entries go straight into the index (fastupdate off): see migration 0008.
  await sql`create index product_search_words on product_search using gin (search) with (fastupdate = off)`.execute(db);
  await sql`create function product_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then delete from product_search where id = old.id; end if;
      if new.active = 1 then
        insert into product_search (id, category_id, price, search) values (new.id, new.category_id, new.price,
          ${SEARCH_VECTOR('new')});
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_search_insert after insert on product for each row execute function product_search_sync()`.execute(db);
  await sql`create trigger product_search_update after update of name, description, category_id, price, active on product
    for each row execute function product_search_sync()`.execute(db);
  await sql`insert into product_search (id, category_id, price, search)
    select id, category_id, price, ${SEARCH_VECTOR('product')} from product where active = 1`.execute(db);
  await sql`analyze product_search`.execute(db);
}
