import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * How many active products each category holds, kept by the database (docs/decisions/0067), so
 * the shop's unfiltered list and category pages read their counts from a handful of rows instead
 * of counting the catalog: over a million products that count alone took tens of milliseconds.
 * Triggers keep it in the same transaction as the change: a product added, removed, switched on
 * or off, or moved to another category. Stock and price changes never touch it.
 *
 * The counts have a table of their own, not a column of product_category: a product's foreign
 * key check share-locks its category row, and two transactions adding products to one category
 * then both waiting to update that row deadlocked on PostgreSQL (the concurrency test found it).
 * - SQLite: row triggers.
 * - PostgreSQL: statement triggers over the inserted or deleted rows (one update per category
 *   per statement, so a bulk insert does not update a count once per product), and a row
 *   trigger for updates, which only fires when `active` or the category changes. Each locks the
 *   counts it changes in category order first, so two moves in opposite directions cannot
 *   deadlock.
 */
export const m0067CategoryCounts = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('category_count')
      .addColumn('category_id', 'bigint', (c) => c.primaryKey().references('product_category.id').onDelete('cascade'))
      .addColumn('active_products', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into category_count (category_id, active_products)
      select c.id, (select count(*) from product p where p.category_id = c.id and p.active = 1) from product_category c`.execute(db);
    if (dialect === 'sqlite') {
      const add = (row: 'new' | 'old', delta: string) =>
        sql.raw(`insert into category_count (category_id, active_products) values (${row}.category_id, (${delta}))
          on conflict (category_id) do update set active_products = active_products + (${delta})`);
      await sql`create trigger product_count_insert after insert on product when new.active = 1 begin ${add('new', '1')}; end`.execute(db);
      await sql`create trigger product_count_delete after delete on product when old.active = 1 begin ${add('old', '-1')}; end`.execute(db);
      await sql`create trigger product_count_update after update of category_id, active on product
        when (old.active = 1) <> (new.active = 1) or old.category_id <> new.category_id begin
        update category_count set active_products = active_products - 1 where category_id = old.category_id and old.active = 1;
        ${add('new', 'new.active = 1')}; end`.execute(db);
      return;
    }
    // Counts of the categories in `changes` (category_id, n), locked in category order, then added.
    await sql`create function category_count_add(changes jsonb) returns void language plpgsql as $$
      begin
        insert into category_count (category_id)
          select (e ->> 'category_id')::bigint from jsonb_array_elements(changes) e order by 1 on conflict do nothing;
        perform 1 from category_count where category_id in (select (e ->> 'category_id')::bigint from jsonb_array_elements(changes) e)
          order by category_id for update;
        update category_count c set active_products = c.active_products + d.n
          from (select (e ->> 'category_id')::bigint as category_id, sum((e ->> 'n')::bigint) as n from jsonb_array_elements(changes) e group by 1) d
          where c.category_id = d.category_id and d.n <> 0;
      end $$`.execute(db);
    await sql`create function product_count_added() returns trigger language plpgsql as $$
      begin
        perform category_count_add((select coalesce(jsonb_agg(jsonb_build_object('category_id', category_id, 'n', n)), '[]') from
          (select category_id, count(*) as n from added where active = 1 group by category_id) g));
        return null;
      end $$`.execute(db);
    await sql`create function product_count_removed() returns trigger language plpgsql as $$
      begin
        perform category_count_add((select coalesce(jsonb_agg(jsonb_build_object('category_id', category_id, 'n', -n)), '[]') from
          (select category_id, count(*) as n from removed where active = 1 group by category_id) g));
        return null;
      end $$`.execute(db);
    await sql`create function product_count_moved() returns trigger language plpgsql as $$
      begin
        perform category_count_add(jsonb_build_array(
          jsonb_build_object('category_id', old.category_id, 'n', case when old.active = 1 then -1 else 0 end),
          jsonb_build_object('category_id', new.category_id, 'n', case when new.active = 1 then 1 else 0 end)));
        return null;
      end $$`.execute(db);
    await sql`create trigger product_count_insert after insert on product referencing new table as added for each statement execute function product_count_added()`.execute(db);
    await sql`create trigger product_count_delete after delete on product referencing old table as removed for each statement execute function product_count_removed()`.execute(db);
    await sql`create trigger product_count_update after update of category_id, active on product for each row
      when ((old.active = 1) is distinct from (new.active = 1) or old.category_id is distinct from new.category_id)
      execute function product_count_moved()`.execute(db);
  },
});
