import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { claimDueMails, markRetry, markSent } from './mail.repository.js';
import type { MailRow } from './mail.table.js';

export interface MailWorkerOptions {
  smtpUrl: string;
  from: string;
  pollMs?: number;
  lockMs?: number;
  maxAttempts?: number;
  /** Back-off before the n-th retry; defaults to 5 s doubling, capped at one hour. */
  backoffMs?: (attempt: number) => number;
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket by default: one
 * stalled SMTP conversation would hold the worker's round, and every mail queued behind it, that
 * long. A delivery that stalls is given up after these and retried with back-off instead. A
 * value set in SMTP_URL's query (`?socketTimeout=60000`) wins.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * A pool of SMTP connections, kept open and reused: one new connection per mail (greeting,
 * EHLO, then the mail) let a single instance deliver fewer mails a second than a busy shop
 * queues them, and its outbox fell behind (docs/decisions/0069). A value set in SMTP_URL's
 * query (`?pool=false`, `?maxConnections=1`) wins.
 */
const SMTP_POOL = { pool: 'true', maxConnections: '3', maxMessages: '100' };

/** SMTP_URL with the worker's timeouts and pool, where the URL does not set its own. */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries({ ...SMTP_TIMEOUTS, ...SMTP_POOL })) if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
}

/** Mails claimed by one round. */
const BATCH = 20;

const defaultBackoff = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Delivers the outbox over SMTP. Each tick claims a batch (see claimDueMails) and sends
 * it; a failure is retried with back-off until maxAttempts, then marked failed.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Made on the first delivery round: nodemailer (~0.25 MB of code) loads then, not at start (docs/decisions/0065). */
  private transport: Promise<Transporter> | undefined;
  private stopped = false;
  /** A mail was queued while a round ran, or the round's batch was full: go again at once. */
  private more = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: MailWorkerOptions,
  ) {}

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      const transport = nodemailer.createTransport(smtpTransportUrl(this.opts.smtpUrl));
      // A pooled connection that fails between mails (the server closed it) is only logged: an
      // 'error' event nobody listens to would end the process.
      transport.on('error', (error) => this.log.warn({ err: error.message }, 'SMTP connection failed'));
      return transport;
    });
    return this.transport;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a delivery round soon (after a mail was queued), without waiting for the poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.more = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    (await this.transport)?.close();
  }

  /** One delivery round; answers how many mails were sent. */
  async deliverDue(now = Date.now()): Promise<number> {
    const batch = await claimDueMails(this.db.kysely, this.db.dialect, now, this.opts.lockMs ?? 60_000, BATCH);
    // A full batch means a backlog (a sale's burst of order mails): the next round starts at once
    // rather than after the poll, or a thousand queued mails would take minutes to go out.
    if (batch.length === BATCH) this.more = true;
    if (batch.length === 0) return 0;
    const transport = await this.transporter();
    // All at once: the pool sends them over its few connections, each mail as one is free.
    const results = await Promise.all(batch.map((mail) => this.deliver(transport, mail)));
    return results.filter(Boolean).length;
  }

  /** Sends one claimed mail and records the outcome; answers whether it went out. */
  private async deliver(transport: Transporter, mail: MailRow): Promise<boolean> {
    try {
      await transport.sendMail({ from: this.opts.from, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text, messageId: this.messageId(mail.id) });
      await markSent(this.db.kysely, mail.id, Date.now());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= (this.opts.maxAttempts ?? 8);
      const next = giveUp ? null : Date.now() + (this.opts.backoffMs ?? defaultBackoff)(mail.attempts);
      await markRetry(this.db.kysely, mail.id, message, next);
      this.log.warn({ mailId: mail.id, attempt: mail.attempts, giveUp, err: message }, 'mail delivery failed');
      return false;
    }
  }

  /**
   * One Message-ID per outbox row, the same on every attempt: a receiver can tell a retried
   * delivery from a second mail, and a test can count that each row went out once.
   */
  private messageId(id: number): string {
    const domain = /@([^\s>]+)>?\s*$/.exec(this.opts.from)?.[1] ?? 'parmeta.local';
    return `<outbox-${id}@${domain}>`;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.deliverDue()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'mail worker round failed'))
        .finally(() => {
          this.running = undefined;
          const again = this.more;
          this.more = false;
          if (!this.stopped) this.schedule(again ? 0 : (this.opts.pollMs ?? 2_000));
        });
    }, delay);
    this.timer.unref();
  }
}
