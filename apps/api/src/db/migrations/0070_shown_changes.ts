import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/** What the search index reads of a product (migration 0069 watched these alone). */
const INDEXED = ['name', 'description', 'category_id', 'price', 'active'];
/** What a list shows of a product besides those: each process keeps it in memory too (docs/decisions/0083). */
const SHOWN = ['slug', 'price_max', 'images', 'stock', 'rating_count', 'rating_sum'];

/** `old.c is distinct from new.c or ...`: a trigger fires for values that changed, not for a column merely set. */
const anyChanged = (columns: string[], distinct: string) => sql.raw(columns.map((c) => `old.${c} ${distinct} new.${c}`).join(' or '));

/**
 * The change list of migration 0069 now also names the products whose shown columns changed
 * (stock, pictures, ratings, variant prices, slug), so that a process can keep the list rows it
 * shows in memory and still answer every change committed before a request arrives.
 *
 * Each row says when its product last changed in any way (`seq` / `xid`, as before) and when
 * its indexed columns last did (`indexed_seq` / `indexed_xid`, 0 for never since this list
 * began): a reader whose mark is past the second only shows the product again, without putting
 * it into its search index again. An order changes stock, and would otherwise move its products
 * to new slots of every index, which a million-product index compacts every 250,000 moves.
 *
 * The triggers fire for values that changed: an admin form that sends a product's fields as they
 * were changes nothing.
 */
export const m0070ShownChanges = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const indexed = sql.raw(INDEXED.join(', '));
    const shown = sql.raw(SHOWN.join(', '));
    if (dialect === 'sqlite') {
      await sql`alter table search_change add column indexed_seq integer not null default 0`.execute(db);
      await sql`update search_change set indexed_seq = seq`.execute(db);
      const next = '(select coalesce(max(seq), 0) + 1 from search_change)';
      const noteIndexed = (id: string) =>
        sql.raw(`insert into search_change (seq, product_id, indexed_seq) values (${next}, ${id}, ${next})
          on conflict (product_id) do update set seq = excluded.seq, indexed_seq = excluded.seq`);
      const noteShown = (id: string) => sql.raw(`insert into search_change (seq, product_id, indexed_seq) values (${next}, ${id}, 0) on conflict (product_id) do update set seq = excluded.seq`);
      for (const name of ['insert', 'delete', 'update', 'category_insert', 'category_update', 'category_delete']) await sql`drop trigger ${sql.ref(`search_change_${name}`)}`.execute(db);
      await sql`create trigger search_change_insert after insert on product begin ${noteIndexed('new.id')}; end`.execute(db);
      await sql`create trigger search_change_delete after delete on product begin ${noteIndexed('old.id')}; end`.execute(db);
      await sql`create trigger search_change_update after update of ${indexed} on product when ${anyChanged(INDEXED, 'is not')} begin ${noteIndexed('new.id')}; end`.execute(db);
      await sql`create trigger search_change_shown after update of ${shown} on product when ${anyChanged(SHOWN, 'is not')} begin ${noteShown('new.id')}; end`.execute(db);
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.ref(`search_change_category_${event}`)} after ${sql.raw(event)} on product_category begin ${noteIndexed('0')}; end`.execute(db);
      }
      return;
    }
    await sql`alter table search_change add column indexed_xid xid8 not null default '0'`.execute(db);
    await sql`update search_change set indexed_xid = xid`.execute(db);
    await sql`create or replace function search_change_noted() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid, indexed_xid) select id, pg_current_xact_id(), pg_current_xact_id() from changed
          on conflict (product_id) do update set xid = excluded.xid, indexed_xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`create or replace function search_change_row() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid, indexed_xid) values (new.id, pg_current_xact_id(), pg_current_xact_id())
          on conflict (product_id) do update set xid = excluded.xid, indexed_xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`create function search_change_shown() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid) values (new.id, pg_current_xact_id())
          on conflict (product_id) do update set xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`create or replace function search_change_categories() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid, indexed_xid) values (0, pg_current_xact_id(), pg_current_xact_id())
          on conflict (product_id) do update set xid = excluded.xid, indexed_xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`drop trigger search_change_update on product`.execute(db);
    await sql`create trigger search_change_update after update of ${indexed} on product for each row when (${anyChanged(INDEXED, 'is distinct from')}) execute function search_change_row()`.execute(db);
    await sql`create trigger search_change_shown after update of ${shown} on product for each row when (${anyChanged(SHOWN, 'is distinct from')}) execute function search_change_shown()`.execute(db);
  },
});
