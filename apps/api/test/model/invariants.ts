import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { Step } from './operations.js';
import type { World } from './world.js';

type Q = Kysely<Database>;

/** What a check found wrong, in words; an empty list is a pass. */
export type Violations = string[];

const rows = async <T>(db: Q, query: ReturnType<typeof sql<T>>): Promise<T[]> => (await query.execute(db)).rows;
const n = (v: unknown) => Number(v ?? 0);

/** Every entry balances per asset; every user balance equals its postings and is not negative. */
async function ledger(db: Q): Promise<Violations> {
  const out: Violations = [];
  for (const r of await rows<{ entry_id: number; asset: string; total: number }>(db, sql`select entry_id, asset, sum(amount) as total from posting group by entry_id, asset having sum(amount) <> 0`)) {
    out.push(`journal entry ${r.entry_id} does not sum to zero in ${r.asset} (${r.total})`);
  }
  for (const r of await rows<{ id: number; balance: number; posted: number }>(
    db,
    sql`select a.id, a.balance, coalesce(sum(p.amount), 0) as posted from ledger_account a left join posting p on p.account_id = a.id where a.user_id is not null group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0) or a.balance < 0`,
  )) {
    out.push(`account ${r.id}: balance ${r.balance}, postings ${r.posted}${n(r.balance) < 0 ? ', below zero' : ''}`);
  }
  return out;
}

/** Starting stock and the admin's changes = stock on hand + units in orders that hold stock. */
async function stock(db: Q, world: World, steps: Step[]): Promise<Violations> {
  const adjusted = new Map<number, number>();
  for (const s of steps) {
    if (s.op !== 'setStock' || s.status >= 300) continue;
    const body = s.call.body as { id: number; stock: number; expectedStock: number };
    adjusted.set(body.id, (adjusted.get(body.id) ?? 0) + body.stock - body.expectedStock);
  }
  const out: Violations = [];
  for (const p of world.products) {
    const [row] = await rows<{ stock: number; held: number }>(
      db,
      sql`select p.stock, (select coalesce(sum(l.qty), 0) from shop_order_line l join shop_order o on o.id = l.order_id where l.product_id = p.id and o.status <> 'cancelled') as held from product p where p.id = ${p.id}`,
    );
    const expected = p.initialStock + (adjusted.get(p.id) ?? 0);
    if (!row || n(row.stock) + n(row.held) !== expected || n(row.stock) < 0) out.push(`product ${p.id}: ${row?.stock} on hand + ${row?.held} in orders, expected ${expected} in all`);
  }
  return out;
}

/** Money of shop orders: paid once, refunded exactly once when cancelled, and timestamps that tell an allowed history. */
async function shopOrders(db: Q): Promise<Violations> {
  const out: Violations = [];
  const orders = await rows<{
    id: number;
    order_no: string;
    user_id: number;
    status: string;
    total: number;
    payment_method: string | null;
    charge_id: string | null;
    paid_at: number | null;
    shipped_at: number | null;
    delivered_at: number | null;
    cancelled_at: number | null;
    card_refunded_at: number | null;
    payments: number;
    refunds: number;
    refunded: number | null;
  }>(
    db,
    sql`select o.id, o.order_no, o.user_id, o.status, o.total, o.payment_method, o.charge_id, o.paid_at, o.shipped_at, o.delivered_at, o.cancelled_at, o.card_refunded_at,
      (select count(*) from journal_entry e where e.reference = o.order_no and e.kind = 'shop_payment') as payments,
      (select count(*) from journal_entry e where e.reference = o.order_no and e.kind = 'shop_refund') as refunds,
      (select c.refunded from gateway_charge c where c.id = o.charge_id) as refunded
      from shop_order o`,
  );
  for (const o of orders) {
    const paid = o.paid_at !== null;
    const history =
      o.status === 'pending_payment'
        ? !paid && o.shipped_at === null && o.cancelled_at === null
        : o.status === 'paid'
          ? paid && o.shipped_at === null && o.cancelled_at === null
          : o.status === 'shipped'
            ? paid && o.shipped_at !== null && o.delivered_at === null && o.cancelled_at === null
            : o.status === 'delivered'
              ? paid && o.shipped_at !== null && o.delivered_at !== null && o.cancelled_at === null
              : o.cancelled_at !== null && o.shipped_at === null && o.delivered_at === null;
    if (!history) out.push(`order ${o.order_no}: status ${o.status} with paid_at ${o.paid_at}, shipped_at ${o.shipped_at}, delivered_at ${o.delivered_at}, cancelled_at ${o.cancelled_at} is not a history the transitions allow`);
    const byPar = paid && o.payment_method === 'par';
    if (n(o.payments) !== (byPar ? 1 : 0)) out.push(`order ${o.order_no}: ${o.payments} par payments (paid by ${o.payment_method ?? 'nothing'})`);
    const mustRefund = o.status === 'cancelled' && paid;
    if (n(o.refunds) !== (mustRefund && byPar ? 1 : 0)) out.push(`order ${o.order_no} (${o.status}, paid by ${o.payment_method ?? 'nothing'}): ${o.refunds} par refunds`);
    if (paid && o.payment_method === 'card') {
      if (!o.charge_id) out.push(`order ${o.order_no}: paid by card without a charge`);
      else if (n(o.refunded) !== (mustRefund ? n(o.total) : 0)) out.push(`order ${o.order_no} (${o.status}): its charge has ${o.refunded} refunded of ${o.total}`);
      if (mustRefund && o.card_refunded_at === null) out.push(`order ${o.order_no}: cancelled card order still owes its refund`);
    }
  }
  // Lifetime spend is what each member paid for orders that stand.
  for (const r of await rows<{ id: number; lifetime_spend: number; spent: number }>(
    db,
    sql`select u.id, u.lifetime_spend, coalesce((select sum(o.total) from shop_order o where o.user_id = u.id and o.paid_at is not null and o.status <> 'cancelled'), 0) as spent from app_user u where u.lifetime_spend <> coalesce((select sum(o.total) from shop_order o where o.user_id = u.id and o.paid_at is not null and o.status <> 'cancelled'), 0)`,
  )) {
    out.push(`member ${r.id}: lifetime spend ${r.lifetime_spend}, paid orders ${r.spent}`);
  }
  return out;
}

/** Every succeeded charge is either what a standing payment was made with, or refunded in full (once). */
async function charges(db: Q): Promise<Violations> {
  const out: Violations = [];
  for (const c of await rows<{ id: number; amount: number; refunded: number; used: number; refund_sum: number }>(
    db,
    sql`select c.id, c.amount, c.refunded,
      (select count(*) from shop_order o where o.charge_id = c.id and o.status in ('paid', 'shipped', 'delivered'))
        + (select count(*) from fiat_order f where f.charge_id = c.id and f.status = 'paid') as used,
      (select coalesce(sum(r.amount), 0) from gateway_refund r where r.charge_id = c.id) as refund_sum
      from gateway_charge c where c.status = 'succeeded'`,
  )) {
    const used = n(c.used);
    if (used > 1) out.push(`charge ${c.id} pays for ${used} things`);
    const want = used === 1 ? 0 : n(c.amount);
    if (n(c.refunded) !== want || n(c.refund_sum) !== want) out.push(`charge ${c.id} of ${c.amount} (${used ? 'in use' : 'not in use'}): ${c.refunded} refunded (${c.refund_sum} in refund records), expected ${want}`);
  }
  return out;
}

/** Card payments: a paid top-up credited once; a failed one that was charged, refunded. */
async function fiatOrders(db: Q): Promise<Violations> {
  const out: Violations = [];
  for (const f of await rows<{ order_no: string; type: string; status: string; charge_id: string | null; paid_at: number | null; refund_due_at: number | null; refunded_at: number | null; topups: number; card_sales: number }>(
    db,
    sql`select f.order_no, f.type, f.status, f.charge_id, f.paid_at, f.refund_due_at, f.refunded_at,
      (select count(*) from journal_entry e where e.reference = f.order_no and e.kind = 'topup') as topups,
      (select count(*) from journal_entry e join posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id
        where e.reference = f.order_no and e.kind = 'nft_purchase' and a.code = 'gateway_clearing') as card_sales
      from fiat_order f`,
  )) {
    // An NFT bought by card is settled from the gateway's clearing account (by par, it is not).
    const credited = f.type === 'topup' ? n(f.topups) : n(f.card_sales);
    if (f.status === 'paid' && (credited !== 1 || f.paid_at === null || !f.charge_id)) out.push(`card payment ${f.order_no} (${f.type}) is paid but credited ${credited} times`);
    if (f.status !== 'paid' && credited !== 0) out.push(`card payment ${f.order_no} (${f.type}) is ${f.status} but credited ${credited} times`);
    if (f.refund_due_at !== null && (f.status !== 'failed' || f.refunded_at === null)) out.push(`card payment ${f.order_no}: its unused charge is still owed back`);
  }
  return out;
}

/** NFTs: ownership follows the provenance chain, which follows the paid orders, each settled once. */
async function nfts(db: Q): Promise<Violations> {
  const out: Violations = [];
  const items = await rows<{ id: number; owner_id: number | null; listed: number; reserved_by: number | null; reserved_until: number | null }>(db, sql`select id, owner_id, listed, reserved_by, reserved_until from nft_item`);
  const provenance = await rows<{ nft_id: number; from_id: number | null; to_id: number | null; order_no: string | null }>(db, sql`select nft_id, from_id, to_id, order_no from nft_provenance order by id`);
  const paid = await rows<{ order_no: string; nft_id: number; buyer_id: number; seller_id: number | null; entries: number }>(
    db,
    sql`select o.order_no, o.nft_id, o.buyer_id, o.seller_id, (select count(*) from journal_entry e where e.reference = o.order_no and e.kind = 'nft_purchase') as entries from nft_order o where o.status = 'paid'`,
  );
  const paidByNo = new Map(paid.map((o) => [o.order_no, o]));
  for (const item of items) {
    const chain = provenance.filter((p) => p.nft_id === item.id);
    let owner: number | null = null;
    chain.forEach((p, i) => {
      if (i > 0 && p.from_id !== owner) out.push(`nft ${item.id}: provenance step ${i} from ${p.from_id}, but the owner then was ${owner}`);
      if (i > 0 && (!p.order_no || !paidByNo.has(p.order_no))) out.push(`nft ${item.id}: provenance step ${i} (${p.order_no}) has no paid order`);
      owner = p.to_id;
    });
    if (owner !== item.owner_id) out.push(`nft ${item.id}: owned by ${item.owner_id}, provenance ends at ${owner}`);
    if (item.reserved_by !== null) {
      const [held] = await rows<{ c: number }>(db, sql`select count(*) as c from nft_order where nft_id = ${item.id} and buyer_id = ${item.reserved_by} and status = 'reserved' and expires_at = ${item.reserved_until}`);
      if (n(held?.c) !== 1) out.push(`nft ${item.id}: reserved by ${item.reserved_by} without one running order of theirs`);
    }
  }
  for (const o of paid) {
    if (n(o.entries) !== 1) out.push(`nft order ${o.order_no}: settled ${o.entries} times`);
    if (provenance.filter((p) => p.order_no === o.order_no).length !== 1) out.push(`nft order ${o.order_no}: not exactly one provenance step`);
  }
  return out;
}

/** Withdrawals: requested once, settled at most once, with the entry its state says. */
async function payouts(db: Q): Promise<Violations> {
  const out: Violations = [];
  for (const p of await rows<{ id: number; status: string; settled_at: number | null; requests: number; completed: number; failed: number }>(
    db,
    sql`select p.id, p.status, p.settled_at,
      (select count(*) from journal_entry e where e.reference = 'PO-' || cast(p.id as varchar(20)) and e.kind = 'payout_request') as requests,
      (select count(*) from journal_entry e where e.reference = 'PO-' || cast(p.id as varchar(20)) and e.kind = 'payout_completed') as completed,
      (select count(*) from journal_entry e where e.reference = 'PO-' || cast(p.id as varchar(20)) and e.kind = 'payout_failed') as failed
      from payout p`,
  )) {
    const want = { requests: 1, completed: p.status === 'completed' ? 1 : 0, failed: p.status === 'failed' ? 1 : 0 };
    if (n(p.requests) !== want.requests || n(p.completed) !== want.completed || n(p.failed) !== want.failed || (p.status === 'pending') !== (p.settled_at === null)) {
      out.push(`withdrawal ${p.id} (${p.status}): ${p.requests} requests, ${p.completed} completions, ${p.failed} failures`);
    }
  }
  return out;
}

/**
 * Each answer against the database: a 2xx's effect is there (exactly once, however often one
 * Idempotency-Key was sent), and the count of each member's entries of a kind equals their
 * distinct 2xx answers, so no refused call left one behind. No answer is a 5xx or outside the envelope.
 */
async function answers(db: Q, world: World, steps: Step[]): Promise<Violations> {
  const out: Violations = [];
  for (const s of steps) {
    if (s.status >= 500 || !s.envelope) out.push(`${s.op} ${s.call.url}: answered ${s.status} ${s.envelope ? (s.code ?? '') : '(not the envelope)'}`);
  }
  const ok = steps.filter((s) => s.status < 300);
  const orderStatus = async (no: string) => (await rows<{ status: string; paid_at: number | null; shipped_at: number | null; delivered_at: number | null }>(db, sql`select status, paid_at, shipped_at, delivered_at from shop_order where order_no = ${no}`))[0];
  for (const s of ok) {
    const query = s.call.url.includes('?') ? new URLSearchParams(s.call.url.split('?')[1]) : undefined;
    const body = (s.call.body ?? {}) as Record<string, unknown>;
    const orderNo = String(body.orderNo ?? query?.get('orderNo') ?? '');
    if (s.op === 'payPar' || s.op === 'payCard') {
      if (((await orderStatus(orderNo))?.paid_at ?? null) === null) out.push(`${s.op} ${orderNo} answered ${s.status}, but the order was never paid`);
    } else if (s.op === 'cancelOrder' || s.op === 'adminCancel') {
      if ((await orderStatus(orderNo))?.status !== 'cancelled') out.push(`${s.op} ${orderNo} answered ${s.status}, but the order is not cancelled`);
    } else if (s.op === 'ship' && ((await orderStatus(orderNo))?.shipped_at ?? null) === null) out.push(`ship ${orderNo} answered ${s.status}, but it never shipped`);
    else if (s.op === 'deliver' && ((await orderStatus(orderNo))?.delivered_at ?? null) === null) out.push(`deliver ${orderNo} answered ${s.status}, but it was never delivered`);
    else if (s.op === 'nftConfirm' || s.op === 'fiatNft' || s.op === 'topup') {
      const no = s.op === 'nftConfirm' ? orderNo : String((s.data as { order?: { orderNo?: string } })?.order?.orderNo ?? '');
      const table = s.op === 'nftConfirm' ? 'nft_order' : 'fiat_order';
      const [row] = await rows<{ status: string }>(db, sql`select status from ${sql.table(table)} where order_no = ${no}`);
      if (row?.status !== 'paid') out.push(`${s.op} ${no} answered ${s.status}, but it is ${row?.status ?? 'missing'}`);
    } else if (s.op === 'payoutComplete' || s.op === 'payoutFail') {
      const [row] = await rows<{ status: string }>(db, sql`select status from payout where id = ${body.id as number}`);
      if (row?.status !== (s.op === 'payoutComplete' ? 'completed' : 'failed')) out.push(`${s.op} ${String(body.id)} answered ${s.status}, but it is ${row?.status}`);
    }
  }
  // Counted effects: one per distinct successful request (a repeated key counts once).
  const distinct = (op: string, member: number) => new Set(ok.filter((s) => s.op === op && s.member === member).map((s, i) => s.key ?? `call-${i}`)).size;
  const counted: [string, string][] = [
    ['parToMeta', 'par_to_meta'],
    ['premiumToPar', 'premium_to_par'],
    ['withdraw', 'payout_request'],
  ];
  for (const [i, member] of world.members.entries()) {
    for (const [op, kind] of counted) {
      const [row] = await rows<{ c: number }>(db, sql`select count(distinct e.id) as c from journal_entry e join posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id where a.user_id = ${member.id} and e.kind = ${kind}`);
      if (n(row?.c) !== distinct(op, i)) out.push(`member ${member.id}: ${row?.c} ${kind} entries for ${distinct(op, i)} successful ${op} requests`);
    }
    const [orders] = await rows<{ c: number }>(db, sql`select count(*) as c from shop_order where user_id = ${member.id}`);
    if (n(orders?.c) !== distinct('createOrder', i)) out.push(`member ${member.id}: ${orders?.c} orders for ${distinct('createOrder', i)} successful createOrder requests`);
  }
  return out;
}

/** A closed account has nothing open: no money, no order to pay or ship, no NFT, no purchase or withdrawal under way. */
async function closedAccounts(db: Q): Promise<Violations> {
  const out: Violations = [];
  for (const r of await rows<{ id: number; what: string }>(
    db,
    sql`select u.id, 'balance' as what from app_user u join ledger_account a on a.user_id = u.id where u.deleted_at is not null and a.asset in ('par', 'meta') and a.balance <> 0
      union all select u.id, 'order ' || o.status from app_user u join shop_order o on o.user_id = u.id where u.deleted_at is not null and o.status in ('pending_payment', 'paid')
      union all select u.id, 'nft owned' from app_user u join nft_item n on n.owner_id = u.id where u.deleted_at is not null
      union all select u.id, 'nft order ' || o.status from app_user u join nft_order o on o.buyer_id = u.id where u.deleted_at is not null and o.status = 'reserved'
      union all select u.id, 'card payment ' || f.status from app_user u join fiat_order f on f.user_id = u.id where u.deleted_at is not null and f.status = 'pending'
      union all select u.id, 'payout ' || p.status from app_user u join payout p on p.user_id = u.id where u.deleted_at is not null and p.status = 'pending'`,
  )) {
    out.push(`closed account ${r.id} still has: ${r.what}`);
  }
  return out;
}

/** Every invariant, each violation in words. */
export async function checkInvariants(db: Q, world: World, steps: Step[]): Promise<Violations> {
  return [...(await ledger(db)), ...(await stock(db, world, steps)), ...(await shopOrders(db)), ...(await charges(db)), ...(await fiatOrders(db)), ...(await nfts(db)), ...(await payouts(db)), ...(await closedAccounts(db)), ...(await answers(db, world, steps))];
}

/** How many invariants `checkInvariants` evaluated, for the report. */
export const INVARIANT_GROUPS = ['ledger', 'stock', 'shop orders', 'charges', 'card payments', 'nfts', 'withdrawals', 'closed accounts', 'answers'] as const;
