import type { Asset } from '@parmeta/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;
/** Days are counted in UTC: an epoch-millisecond time divided by this is its day number. */
export const DAY_MS = 86_400_000;
const dayOf = (column: string) => sql`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;

/** PostgreSQL answers sums of bigints as text (numeric); SQLite as numbers. */
const n = (v: unknown) => Number(v ?? 0);

export interface BalancePart {
  /** 'members' (all user accounts of the asset), a system account's code, or 'members_kept'. */
  account: string;
  asset: Asset;
  kind: string;
  amount: number;
}

/**
 * Every account kind's balance per entry kind, from the postings of entries recorded up to
 * `at` (all of them when null). With `at` null, the members' balances as kept on their
 * accounts come too (account 'members_kept'): one statement, so both are read from one
 * snapshot while entries keep being written.
 */
export async function balanceParts(db: Q, at: number | null): Promise<BalancePart[]> {
  const account = sql`case when a.user_id is null then a.code else 'members' end`;
  const upTo = at === null ? sql`` : sql`where e.created_at <= ${at}`;
  const kept = at === null ? sql`union all select 'members_kept', asset, '', cast(sum(balance) as bigint) from ledger_account where user_id is not null group by asset` : sql``;
  const { rows } = await sql<{ account: string; asset: Asset; kind: string; amount: unknown }>`
    select ${account} as account, p.asset as asset, e.kind as kind, cast(sum(p.amount) as bigint) as amount
    from posting p join ledger_account a on a.id = p.account_id join journal_entry e on e.id = p.entry_id
    ${upTo}
    group by ${account}, p.asset, e.kind
    ${kept}`.execute(db);
  return rows.map((r) => ({ account: r.account, asset: r.asset, kind: r.kind, amount: n(r.amount) }));
}

/** The system accounts that exist, so that one nothing was posted to yet still shows (at zero). */
export async function systemAccounts(db: Q): Promise<{ code: string; asset: Asset }[]> {
  return db.selectFrom('ledger_account').select(['code', 'asset']).where('user_id', 'is', null).orderBy('id').execute();
}

/** What the gateway clearing, fee and platform sales accounts took per UTC day and entry kind, in [from, to). */
export async function ledgerByDay(db: Q, from: number, to: number): Promise<{ day: number; code: string; kind: string; amount: number }[]> {
  const { rows } = await sql<{ day: unknown; code: string; kind: string; amount: unknown }>`
    select ${dayOf('e.created_at')} as day, a.code as code, e.kind as kind, cast(sum(p.amount) as bigint) as amount
    from journal_entry e join posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id
    where e.created_at >= ${from} and e.created_at < ${to} and a.user_id is null and a.code in ('gateway_clearing', 'fees', 'nft_sales')
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ day: n(r.day), code: r.code, kind: r.kind, amount: n(r.amount) }));
}

/** Shop orders paid (by par or card) per UTC day in [from, to), and paid orders cancelled per day: what each day's sales were, net. */
export async function shopSalesByDay(db: Q, from: number, to: number): Promise<{ paid: Map<number, number>; cancelled: Map<number, number> }> {
  const [paid, cancelled] = await Promise.all([
    sql<{ day: unknown; amount: unknown }>`select ${dayOf('paid_at')} as day, cast(sum(total) as bigint) as amount from shop_order where paid_at >= ${from} and paid_at < ${to} group by 1`.execute(db),
    sql<{ day: unknown; amount: unknown }>`
      select ${dayOf('cancelled_at')} as day, cast(sum(total) as bigint) as amount from shop_order
      where status = 'cancelled' and paid_at is not null and cancelled_at >= ${from} and cancelled_at < ${to} group by 1`.execute(db),
  ]);
  const byDay = (rows: { day: unknown; amount: unknown }[]) => new Map(rows.map((r) => [n(r.day), n(r.amount)]));
  return { paid: byDay(paid.rows), cancelled: byDay(cancelled.rows) };
}

export interface JournalRow {
  entryId: number;
  postingId: number;
  createdAt: number;
  kind: string;
  reference: string | null;
  memo: string;
  /** 'member:<userName>' for a user account, the system account's code otherwise. */
  account: string;
  asset: Asset;
  amount: number;
}

/** Postings of entries recorded in [from, to), in entry then posting order, `limit` after the (entry, posting) given. */
export async function journalPage(db: Q, from: number, to: number, after: { entryId: number; postingId: number }, limit: number): Promise<JournalRow[]> {
  const { rows } = await sql<{ entry_id: unknown; posting_id: unknown; created_at: unknown; kind: string; reference: string | null; memo: string; user_name: string | null; code: string; asset: Asset; amount: unknown }>`
    select e.id as entry_id, p.id as posting_id, e.created_at, e.kind, e.reference, e.memo, u.user_name, a.code, p.asset, p.amount
    from journal_entry e join posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id left join app_user u on u.id = a.user_id
    where e.created_at >= ${from} and e.created_at < ${to} and (e.id > ${after.entryId} or (e.id = ${after.entryId} and p.id > ${after.postingId}))
    order by e.id, p.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    entryId: n(r.entry_id),
    postingId: n(r.posting_id),
    createdAt: n(r.created_at),
    kind: r.kind,
    reference: r.reference,
    memo: r.memo,
    account: r.user_name === null ? r.code : `member:${r.user_name}`,
    asset: r.asset,
    amount: n(r.amount),
  }));
}
