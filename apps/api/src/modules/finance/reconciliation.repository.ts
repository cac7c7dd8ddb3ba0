import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;
const n = (v: unknown) => Number(v ?? 0);
const nOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// What a standing card payment is, written once for every query below: a shop order paid with
// the charge and not cancelled, or a paid card payment (top-up or NFT) whose ledger entry took
// the same amount in from the gateway.
const standingShopOrder = (charge: string) => sql`exists (select 1 from shop_order s where s.charge_id = ${sql.ref(charge)} and s.payment_method = 'card' and s.paid_at is not null and s.status <> 'cancelled')`;
const paidCardPayment = (charge: string) => sql`exists (select 1 from fiat_order g where g.charge_id = ${sql.ref(charge)} and g.status = 'paid')`;
const creditedCardPayment = (charge: string) => sql`exists (
  select 1 from fiat_order g join journal_entry e on e.reference = g.order_no and e.kind in ('topup', 'nft_purchase')
  join posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id
  where g.charge_id = ${sql.ref(charge)} and g.status = 'paid' and a.user_id is null and a.code = 'gateway_clearing' and p.amount = -g.amount)`;

export interface UnmatchedCharge {
  id: string;
  reference: string;
  amount: number;
  refunded: number;
  createdAt: number;
  order: { status: string; chargeId: string | null; cardRefundedAt: number | null } | null;
  cardPayment: { status: string; chargeId: string | null; refundDueAt: number | null; refundedAt: number | null } | null;
}

/** Succeeded charges, not refunded in full, that no standing payment in our books uses. */
export async function unmatchedCharges(db: Q, limit: number): Promise<UnmatchedCharge[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select c.id, c.reference, c.amount, c.refunded, c.created_at,
      o.status as order_status, o.charge_id as order_charge, o.card_refunded_at,
      f.status as fiat_status, f.charge_id as fiat_charge, f.refund_due_at, f.refunded_at
    from gateway_charge c
    left join shop_order o on o.order_no = c.reference
    left join fiat_order f on f.order_no = c.reference
    where c.status = 'succeeded' and c.refunded < c.amount and not ${standingShopOrder('c.id')} and not ${creditedCardPayment('c.id')}
    order by c.created_at
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    id: String(r.id),
    reference: String(r.reference),
    amount: n(r.amount),
    refunded: n(r.refunded),
    createdAt: n(r.created_at),
    order: r.order_status === null ? null : { status: String(r.order_status), chargeId: (r.order_charge as string | null) ?? null, cardRefundedAt: nOrNull(r.card_refunded_at) },
    cardPayment: r.fiat_status === null ? null : { status: String(r.fiat_status), chargeId: (r.fiat_charge as string | null) ?? null, refundDueAt: nOrNull(r.refund_due_at), refundedAt: nOrNull(r.refunded_at) },
  }));
}

/** Refunds the gateway paid on a charge whose payment still stands in our books. */
export async function unmatchedRefunds(db: Q, limit: number): Promise<{ chargeId: string; reference: string; amount: number; createdAt: number }[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select r.charge_id, c.reference, r.amount, r.created_at from gateway_refund r join gateway_charge c on c.id = r.charge_id
    where ${standingShopOrder('r.charge_id')} or ${paidCardPayment('r.charge_id')}
    order by r.created_at
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ chargeId: String(r.charge_id), reference: String(r.reference), amount: n(r.amount), createdAt: n(r.created_at) }));
}

export interface Mismatch {
  reference: string;
  chargeId: string | null;
  /** Ours, in minor units. */
  amount: number;
  /** The gateway's, when it has a record. */
  gatewayAmount: number | null;
  at: number;
  what: string;
}

const toMismatch = (r: Record<string, unknown>): Mismatch => ({
  reference: String(r.reference),
  chargeId: (r.charge_id as string | null) ?? null,
  amount: n(r.amount),
  gatewayAmount: nOrNull(r.gateway_amount),
  at: n(r.at),
  what: String(r.what),
});

/** Payments our books hold as paid by card whose charge the gateway has for another amount. */
export async function amountsDiffering(db: Q, limit: number): Promise<Mismatch[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select o.order_no as reference, o.charge_id, o.total as amount, c.amount as gateway_amount, o.paid_at as at, 'shop' as what
    from shop_order o join gateway_charge c on c.id = o.charge_id
    where o.payment_method = 'card' and o.paid_at is not null and c.amount <> o.total
    union all
    select f.order_no, f.charge_id, f.amount, c.amount, f.paid_at, f.type
    from fiat_order f join gateway_charge c on c.id = f.charge_id
    where f.status = 'paid' and c.amount <> f.amount
    limit ${limit}`.execute(db);
  return rows.map(toMismatch);
}

/** Payments our books hold as paid by card for which the gateway has no succeeded charge. */
export async function chargesMissing(db: Q, limit: number): Promise<Mismatch[]> {
  const noCharge = (column: string) => sql`not exists (select 1 from gateway_charge c where c.id = ${sql.ref(column)} and c.status = 'succeeded')`;
  const { rows } = await sql<Record<string, unknown>>`
    select o.order_no as reference, o.charge_id, o.total as amount, null as gateway_amount, o.paid_at as at, 'shop' as what
    from shop_order o where o.payment_method = 'card' and o.paid_at is not null and ${noCharge('o.charge_id')}
    union all
    select f.order_no, f.charge_id, f.amount, null, f.paid_at, f.type from fiat_order f where f.status = 'paid' and ${noCharge('f.charge_id')}
    limit ${limit}`.execute(db);
  return rows.map(toMismatch);
}

/** Refunds our books record as made (a cancelled card order, an unused card payment) that the gateway has not paid in full. */
export async function refundsMissing(db: Q, limit: number): Promise<Mismatch[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select o.order_no as reference, o.charge_id, o.total as amount, c.refunded as gateway_amount, o.card_refunded_at as at, 'shop' as what
    from shop_order o left join gateway_charge c on c.id = o.charge_id
    where o.status = 'cancelled' and o.payment_method = 'card' and o.paid_at is not null and o.card_refunded_at is not null and coalesce(c.refunded, 0) < o.total
    union all
    select f.order_no, f.charge_id, f.amount, c.refunded, f.refunded_at, f.type
    from fiat_order f left join gateway_charge c on c.id = f.charge_id
    where f.refunded_at is not null and coalesce(c.refunded, 0) < f.amount
    limit ${limit}`.execute(db);
  return rows.map(toMismatch);
}

/**
 * Ledger entries that took money in from the gateway (a debit of its clearing account) without
 * a paid card payment of that reference and amount whose charge the gateway has, or after an
 * earlier entry already took that payment in.
 */
export async function entriesUnmatched(db: Q, limit: number): Promise<{ entryId: number; kind: string; reference: string | null; amount: number; createdAt: number; duplicate: boolean }[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select e.id, e.kind, e.reference, -p.amount as amount, e.created_at,
      case when exists (
        select 1 from journal_entry e2 join posting p2 on p2.entry_id = e2.id
        where e2.reference = e.reference and e2.id < e.id and p2.account_id = a.id and p2.amount < 0) then 1 else 0 end as duplicate
    from posting p join ledger_account a on a.id = p.account_id join journal_entry e on e.id = p.entry_id
    where a.user_id is null and a.code = 'gateway_clearing' and p.amount < 0
      and (
        not exists (
          select 1 from fiat_order f join gateway_charge c on c.id = f.charge_id
          where f.order_no = e.reference and f.status = 'paid' and c.status = 'succeeded' and c.amount = -p.amount and f.amount = -p.amount)
        or exists (
          select 1 from journal_entry e2 join posting p2 on p2.entry_id = e2.id
          where e2.reference = e.reference and e2.id < e.id and p2.account_id = a.id and p2.amount < 0))
    order by e.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ entryId: n(r.id), kind: String(r.kind), reference: (r.reference as string | null) ?? null, amount: n(r.amount), createdAt: n(r.created_at), duplicate: n(r.duplicate) === 1 }));
}

/** How many records each side has that reconciliation compares. */
export async function counts(db: Q): Promise<{ charges: number; refunds: number; cardPayments: number; gatewayEntries: number }> {
  const { rows } = await sql<Record<string, unknown>>`
    select
      (select count(*) from gateway_charge where status = 'succeeded') as charges,
      (select count(*) from gateway_refund) as refunds,
      (select count(*) from shop_order where payment_method = 'card' and paid_at is not null) + (select count(*) from fiat_order where charge_id is not null) as card_payments,
      (select count(*) from posting p join ledger_account a on a.id = p.account_id where a.user_id is null and a.code = 'gateway_clearing' and p.amount < 0) as gateway_entries`.execute(db);
  const r = rows[0] ?? {};
  return { charges: n(r.charges), refunds: n(r.refunds), cardPayments: n(r.card_payments), gatewayEntries: n(r.gateway_entries) };
}
