import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Search suggestions and "customers also bought" (decision 0060, 0061).
 * - `product_name_lower`: active products by their lower-case name, so "names starting with what
 *   was typed" is a range read that stops after a handful of rows, whatever the catalog's size.
 *   PostgreSQL compares it byte-wise (collate "C"), as SQLite does, so the range
 *   [typed, typed + U+10FFFF) is the same set in both, and the index gives its order too.
 * - Name words in word order, for "a word of the name starts with ..." and "shares a name word
 *   with ...": on SQLite the full-text index's own vocabulary (fts5vocab), on PostgreSQL a
 *   narrow table `product_name_word` kept by a trigger (a GIN prefix search builds a bitmap of
 *   every match first: 28 ms for "st" over 100,000 products, whatever the LIMIT).
 * - `shop_order_line_product`: the orders that hold a product, for what was bought with it;
 *   without it, each product page's question read every order line.
 */
export const m0060Discovery = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql`create index product_name_lower on product ((lower(name) collate "C")) where active = 1`.execute(db);
      await postgresNameWords(db);
    } else {
      await sql`create index product_name_lower on product (lower(name)) where active = 1`.execute(db);
      // The full-text index's words, one row per occurrence, in word order: a name word
      // starting with "st" is a range of it read until enough rows, where a prefix MATCH
      // merges every matching word's whole list first (50 ms for "cotton s" over 100,000).
      await sql`create virtual table product_fts_words using fts5vocab(product_fts, 'instance')`.execute(db);
    }
    await db.schema.createIndex('shop_order_line_product').on('shop_order_line').columns(['product_id', 'order_id']).execute();
    await sql`analyze product`.execute(db);
  },
});

/**
 * PostgreSQL: one row per distinct word of an active product's name (lower case, split at
 * anything not a letter or digit, as the app's searchTerms does), byte-ordered (collate "C") so
 * a prefix is a range of the primary key. Kept by a trigger on the product's name, category and
 * active flag; stock changes never touch it.
 */
async function postgresNameWords(db: Kysely<unknown>) {
  await sql`create table product_name_word (
    word text collate "C" not null,
    category_id bigint not null,
    product_id bigint not null references product (id) on delete cascade,
    primary key (word, category_id, product_id))`.execute(db);
  await sql`create index product_name_word_product on product_name_word (product_id)`.execute(db);
  await sql`create function product_name_word_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then delete from product_name_word where product_id = old.id; end if;
      if new.active = 1 then
        insert into product_name_word (word, category_id, product_id)
          select distinct w, new.category_id, new.id from regexp_split_to_table(lower(new.name), '[^[:alnum:]]+') w where w <> ''
          on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_name_word_insert after insert on product for each row execute function product_name_word_sync()`.execute(db);
  await sql`create trigger product_name_word_update after update of name, category_id, active on product for each row execute function product_name_word_sync()`.execute(db);
  await sql`insert into product_name_word (word, category_id, product_id)
    select distinct w, p.category_id, p.id from product p cross join lateral regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') w where p.active = 1 and w <> ''
    on conflict do nothing`.execute(db);
  await sql`analyze product_name_word`.execute(db);
}
