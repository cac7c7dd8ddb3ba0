import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { ReceivedMail } from '../smtp-sink.js';
import type { Violations } from './invariants.js';

type Q = Kysely<Database>;

/** Waits until no mail is left to deliver (each worker claims, sends and marks its own). */
export async function outboxDrained(db: Q, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from mail_outbox where status in ('pending', 'sending')`.execute(db);
    if (Number(rows[0]?.n ?? 0) === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const messageIdOf = (raw: string) => /^Message-ID:\s*<outbox-(\d+)@/im.exec(raw)?.[1];

/**
 * Mail with several instances delivering: every queued mail reached the SMTP server exactly once
 * (its outbox row's Message-ID, counted), nothing arrived that was never queued, and an order
 * that ran out unpaid told its buyer once.
 */
export async function checkMails(db: Q, received: ReceivedMail[]): Promise<Violations> {
  const out: Violations = [];
  if (!(await outboxDrained(db, 30_000))) {
    // What is left says whether a worker gave up (attempts, last_error) or stopped claiming.
    const { rows } = await sql<Record<string, unknown>>`select id, kind, status, attempts, last_error from mail_outbox where status in ('pending', 'sending') order by id limit 3`.execute(db);
    out.push(`mail was still waiting to be delivered 30 s after the run, e.g. ${JSON.stringify(rows)}`);
  }
  const copies = new Map<number, number>();
  for (const mail of received) {
    const id = Number(messageIdOf(mail.raw));
    if (!id) out.push(`a mail arrived without an outbox Message-ID (to ${mail.to.join(', ')})`);
    else copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  const { rows } = await sql<{ id: number; status: string; kind: string }>`select id, status, kind from mail_outbox`.execute(db);
  const known = new Set(rows.map((r) => Number(r.id)));
  for (const row of rows) {
    const n = copies.get(Number(row.id)) ?? 0;
    if (row.status === 'sent' ? n !== 1 : n !== 0) out.push(`outbox mail ${row.id} (${row.kind}, ${row.status}) arrived ${n} times`);
  }
  for (const id of copies.keys()) if (!known.has(id)) out.push(`mail ${id} arrived but was never queued`);
  const expired = await sql<{ order_no: string; mails: number }>`
    select o.order_no, (select count(*) from mail_outbox m where m.kind = 'order_expired' and m.subject like '%' || o.order_no || '%') as mails
    from shop_order o where o.cancel_reason = 'expired'`.execute(db);
  for (const o of expired.rows) if (Number(o.mails) !== 1) out.push(`order ${o.order_no} expired with ${o.mails} expiry mails`);
  return out;
}
