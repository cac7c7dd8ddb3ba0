import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signIn, signUp, uniqueName } from '../../../test/auth-helpers.js';
import { decodeQuotedPrintable, startSmtpSink } from '../../../test/smtp-sink.js';
import type { Db } from '../../db/connection.js';
import { MailWorker } from './mail.worker.js';
import { enqueueMail } from './mail.repository.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());

/** The worker marks a mail sent just after the SMTP server accepted it: wait for that write. */
async function sentRow(db: Db, to: string) {
  for (let i = 0; i < 200; i++) {
    const row = await db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
    if (row.status === 'sent') return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`mail to ${to} was never marked sent`);
}

describeEachDb(
  'mail over real SMTP',
  (ctx) => {
    it('delivers the verification mail over SMTP, and its link verifies the account', async () => {
      const { app } = ctx();
      const { userName, email } = await signUp(app, uniqueName('smtp'));
      const mail = await sink.waitFor((m) => m.to.includes(email));
      const body = decodeQuotedPrintable(mail.raw);
      expect(body).toMatch(/Subject: Verify your email/);
      expect(body).toMatch(/Content-Type: text\/html/);
      expect(body).toMatch(/Content-Type: text\/plain/);
      const link = /http:\/\/localhost:3000\/login\?signature=([A-Za-z0-9_-]+)/.exec(body);
      expect(link).toBeTruthy();
      const verify = await app.inject({ method: 'POST', url: '/api/sendgrid/verify', payload: { signature: link![1] } });
      expect(verify.statusCode).toBe(200);
      expect((await signIn(app, userName)).statusCode).toBe(200);
      const row = await sentRow(ctx().db, email);
      expect(row.sent_at).not.toBeNull();
    });

    it('retries a temporary failure with back-off, then delivers once', async () => {
      const { db, app } = ctx();
      const worker = new MailWorker(db, app.log, { smtpUrl: sink.url, from: 'test@parmeta.local', backoffMs: () => 1 });
      const to = `${uniqueName('retry')}@example.test`;
      await enqueueMail(db.kysely, { kind: 'test', to, subject: 'Retry me', html: '<p>x</p>', text: 'x' }, 0);
      sink.failNext(1);
      // the app's own worker may pick it up too; either way the first attempt fails
      await worker.deliverDue(Date.now());
      await sink.waitFor((m) => m.to.includes(to));
      const row = await sentRow(db, to);
      expect(row.attempts).toBe(2);
      expect(row.last_error).toBeNull();
      await worker.stop();
    });

    it('two workers racing over the same outbox send every mail exactly once', async () => {
      const { db, app } = ctx();
      const workers = [0, 1, 2].map(() => new MailWorker(db, app.log, { smtpUrl: sink.url, from: 'test@parmeta.local' }));
      const batch = uniqueName('race');
      const addresses = Array.from({ length: 12 }, (_, i) => `${batch}_${i}@example.test`);
      for (const to of addresses) await enqueueMail(db.kysely, { kind: 'test', to, subject: 'Race', html: '<p>r</p>', text: 'r' });
      await Promise.all(workers.flatMap((w) => [w.deliverDue(), w.deliverDue()]));
      for (const to of addresses) await sink.waitFor((m) => m.to.includes(to));
      await new Promise((r) => setTimeout(r, 300));
      for (const to of addresses) expect(sink.received.filter((m) => m.to.includes(to))).toHaveLength(1);
      await Promise.all(workers.map((w) => w.stop()));
    });

    it('without SMTP the dev outbox endpoint shows the mail', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'GET', url: `/api/sendgrid/ResendVerify?email=nobody@example.test`, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(200);
      const list = await app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(list.statusCode).toBe(200);
      expect(Array.isArray(list.json().data.items)).toBe(true);
      const page = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Local mail outbox');
    });
  },
  { SMTP_URL: sink.url, MAIL_POLL_MS: '100' },
);

// Without SMTP_URL the app runs no worker of its own: only the one made here delivers.
describeEachDb('mail backlog', (ctx) => {
  it('a backlog bigger than one round goes out round after round, not one round per poll, over a few reused connections', async () => {
    const { db, app } = ctx();
    const connectionsBefore = sink.connections();
    const batch = uniqueName('backlog');
    const addresses = Array.from({ length: 45 }, (_, i) => `${batch}_${i}@example.test`);
    for (const to of addresses) await enqueueMail(db.kysely, { kind: 'test', to, subject: 'Backlog', html: '<p>b</p>', text: 'b' });
    // A poll of an hour: only going on at once after a full round can deliver all 45 (20 a round).
    const worker = new MailWorker(db, app.log, { smtpUrl: sink.url, from: 'test@parmeta.local', pollMs: 3_600_000 });
    worker.start();
    try {
      for (const to of addresses) await sink.waitFor((m) => m.to.includes(to), 20_000);
    } finally {
      await worker.stop();
    }
    const left = await db.kysely.selectFrom('mail_outbox').select('id').where('to_address', 'like', `${batch}_%`).where('status', '!=', 'sent').execute();
    expect(left).toEqual([]);
    // The pool's three connections at most, each carrying many mails (not one connection per mail).
    expect(sink.connections() - connectionsBefore).toBeLessThanOrEqual(3);
  });
});
