import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

/** Which of the user's entries: some kinds (none or empty: all), created in [from, to). */
export interface EntryFilter {
  kinds?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The journal entries that touch the user's accounts, narrowed by the filter. */
function entriesOf(db: Q, userId: number, f: EntryFilter) {
  const mine = db.selectFrom('ledger_account').select('id').where('user_id', '=', userId);
  let q = db.selectFrom('journal_entry as e').where('e.id', 'in', db.selectFrom('posting').select('entry_id').where('account_id', 'in', mine));
  if (f.kinds && f.kinds.length > 0) q = q.where('e.kind', 'in', [...f.kinds]);
  if (f.from !== undefined) q = q.where('e.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('e.created_at', '<', f.to);
  return q;
}

/** One page of the user's entries, newest first, and how many match (2 queries). */
export async function entriesPage(db: Q, userId: number, limit: number, offset: number, f: EntryFilter = {}) {
  const [entries, total] = await Promise.all([
    entriesOf(db, userId, f).select(['e.id', 'e.kind', 'e.reference', 'e.memo', 'e.created_at']).orderBy('e.id', 'desc').limit(limit).offset(offset).execute(),
    entriesOf(db, userId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries, total: Number(total.n) };
}

/** Every posting of the given entries, with each account's owner, to tell "mine" from the counterparty. */
export async function postingsOf(db: Q, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .selectFrom('posting as p')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .leftJoin('app_user as u', 'u.id', 'a.user_id')
    .select(['p.entry_id', 'p.asset', 'p.amount', 'a.user_id', 'a.code', 'u.user_name'])
    .where('p.entry_id', 'in', entryIds)
    .execute();
}

export async function insertPayout(db: Q, p: { userId: number; amount: number; destination: string; now: number }) {
  return db
    .insertInto('payout')
    .values({ user_id: p.userId, amount: p.amount, destination: p.destination, status: 'pending', created_at: p.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function payoutsPage(db: Q, userId: number, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    db.selectFrom('payout').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('payout').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}
