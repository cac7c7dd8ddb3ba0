import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';

/**
 * Which products changed, for the search index each API process keeps in memory
 * (docs/decisions/0079): one row per product (0 stands for the categories), written by
 * triggers in the changing transaction, whatever made the change (the admin, a seed, a
 * script around the API). A process reads the rows newer than the last it applied and
 * reads those products again; one row per product keeps the table no larger than the catalog.
 * - SQLite: a sequence number; writers take turns, so numbers grow in commit order.
 * - PostgreSQL: the writing transaction's id. Ids are handed out in start order, not commit
 *   order, so a reader keeps the oldest transaction still running when it read
 *   (`pg_snapshot_xmin`) and reads from there again next time.
 */
export const m0069SearchChanges = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const watched = sql.raw('name, description, category_id, price, active');
    if (dialect === 'sqlite') {
      await sql`create table search_change (seq integer primary key, product_id integer not null unique)`.execute(db);
      const note = (id: string) =>
        sql.raw(`insert into search_change (seq, product_id) values ((select coalesce(max(seq), 0) + 1 from search_change), ${id})
          on conflict (product_id) do update set seq = excluded.seq`);
      await sql`create trigger search_change_insert after insert on product begin ${note('new.id')}; end`.execute(db);
      await sql`create trigger search_change_delete after delete on product begin ${note('old.id')}; end`.execute(db);
      await sql`create trigger search_change_update after update of ${watched} on product begin ${note('new.id')}; end`.execute(db);
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.ref(`search_change_category_${event}`)} after ${sql.raw(event)} on product_category begin ${note('0')}; end`.execute(db);
      }
      return;
    }
    await sql`create table search_change (product_id bigint primary key, xid xid8 not null)`.execute(db);
    await sql`create index search_change_xid on search_change (xid)`.execute(db);
    await sql`create function search_change_noted() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid) select id, pg_current_xact_id() from changed
          on conflict (product_id) do update set xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`create function search_change_row() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid) values (new.id, pg_current_xact_id())
          on conflict (product_id) do update set xid = excluded.xid;
        return null;
      end $$`.execute(db);
    await sql`create function search_change_categories() returns trigger language plpgsql as $$
      begin
        insert into search_change (product_id, xid) values (0, pg_current_xact_id())
          on conflict (product_id) do update set xid = excluded.xid;
        return null;
      end $$`.execute(db);
    // Inserts and deletes once per statement (a bulk import writes one statement per batch);
    // updates per row, as a trigger with a column list cannot see the statement's rows.
    await sql`create trigger search_change_insert after insert on product referencing new table as changed for each statement execute function search_change_noted()`.execute(db);
    await sql`create trigger search_change_delete after delete on product referencing old table as changed for each statement execute function search_change_noted()`.execute(db);
    await sql`create trigger search_change_update after update of ${watched} on product for each row execute function search_change_row()`.execute(db);
    await sql`create trigger search_change_category after insert or update or delete on product_category for each statement execute function search_change_categories()`.execute(db);
  },
});
