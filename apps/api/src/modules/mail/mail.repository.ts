import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DialectName } from '../../db/connection.js';
import type { RenderedMail } from './templates.js';
import type { MailRow } from './mail.table.js';

export interface OutgoingMail extends RenderedMail {
  kind: string;
  to: string;
}

/** A queued mail's row, due now. */
export const mailRow = (v: OutgoingMail & { now: number }) =>
  ({ kind: v.kind, to_address: v.to, subject: v.subject, html: v.html, text: v.text, status: 'pending', next_attempt_at: v.now, created_at: v.now }) as const;

// Built once (db/prepared.ts): every paid order queues a mail.
const insertMail = prepared((db, v: OutgoingMail & { now: number }) => db.insertInto('mail_outbox').values(mailRow(v)));

/** Written inside the caller's transaction, so the mail exists exactly when the change does. */
export async function enqueueMail(trx: Kysely<Database>, mail: OutgoingMail, now = Date.now()): Promise<void> {
  await insertMail(trx, { kind: mail.kind, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, now });
}

/**
 * Claims due mails for one worker: marks them 'sending' with a lock that expires, in one
 * statement. On PostgreSQL the candidate rows are locked with SKIP LOCKED so two
 * instances never claim the same mail; on SQLite the statement holds the write lock.
 * Rows left 'sending' by a crashed worker become claimable again when the lock expires.
 */
export async function claimDueMails(db: Kysely<Database>, dialect: DialectName, now: number, lockMs: number, limit: number): Promise<MailRow[]> {
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  const candidates = dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', locked_until: now + lockMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
}

export async function markSent(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();
}

export async function markRetry(db: Kysely<Database>, id: number, error: string, nextAttemptAt: number | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: nextAttemptAt === null ? 'failed' : 'pending', next_attempt_at: nextAttemptAt ?? sql<number>`next_attempt_at`, locked_until: null, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export async function listOutbox(db: Kysely<Database>, limit = 50, to?: string): Promise<MailRow[]> {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) q = q.where('to_address', '=', to);
  return q.execute();
}
