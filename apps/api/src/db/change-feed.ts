import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** What other instances keep answers about: the shop window, and checked sessions. */
export type ChangeTopic = 'catalog' | 'sessions';

/**
 * Tells the other instances on one database that something they keep in memory changed, so
 * they drop it at once instead of after its TTL (docs/decisions/0045).
 */
export interface ChangeFeed {
  /** After a commit: the other instances should forget what they keep about `topic`. */
  publish(topic: ChangeTopic): void;
  /**
   * `forget` runs when another instance published `topic`, and after the feed was cut off
   * for a while (it may have missed some). Never for this instance's own publications: the
   * publisher has already dropped its own answers.
   */
  subscribe(topic: ChangeTopic, forget: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** SQLite: one process, nobody else to tell. */
export class NoChangeFeed implements ChangeFeed {
  publish(): void {}
  subscribe(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

export interface PgChangeFeedOptions {
  /** How often the listening connection is checked: a connection that died quietly hears nothing. */
  pingMs?: number;
  /** First pause before reconnecting; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * The shortest time between two notifications. Each is a transaction of its own on the
   * database, with a commit to flush (NOTIFY takes a transaction id); under load every order
   * changes the stock, and one notification per turn of the event loop made 1.5 of them per
   * paid order. Publications within the interval go out together at its end.
   */
  minIntervalMs?: number;
}

/**
 * PostgreSQL's LISTEN/NOTIFY on a connection of its own (outside the pool, which may be busy:
 * a notification must not queue behind requests). A notification is `<instance> <topic>` on a
 * channel named after the schema, so two applications (or test schemas) in one database do not
 * hear each other. Publications in the same tick go as one; those made while the connection is
 * down are sent once it is back. When the connection drops, every subscriber forgets
 * everything once it is back (it may have missed a notification meanwhile); the caches' TTL
 * bounds how stale an answer can be even then.
 */
export class PgChangeFeed implements ChangeFeed {
  private readonly id = randomBytes(6).toString('hex');
  private readonly listeners = new Map<ChangeTopic, (() => void)[]>();
  private readonly pending = new Set<ChangeTopic>();
  private readonly abandoned = new WeakSet<pg.Client>();
  private client: pg.Client | undefined;
  private channel: string | undefined;
  private sending: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private backoffMs: number;
  /** When the last notification went out (Date.now()). */
  private lastSentAt = Number.NEGATIVE_INFINITY;
  /** The feed has been cut off (or never connected) since subscribers last forgot. */
  private missed = false;
  private stopped = true;
  private readonly opts: Required<PgChangeFeedOptions>;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly log: FastifyBaseLogger,
    opts: PgChangeFeedOptions = {},
  ) {
    this.opts = { pingMs: 10_000, minBackoffMs: 100, maxBackoffMs: 5_000, minIntervalMs: 25, ...opts };
    this.backoffMs = this.opts.minBackoffMs;
  }

  subscribe(topic: ChangeTopic, forget: () => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), forget]);
  }

  publish(topic: ChangeTopic): void {
    this.pending.add(topic);
    this.sendSoon();
  }

  /**
   * On the next microtask, so that the changes of one tick go out as one notification per topic;
   * if one went out less than minIntervalMs ago, at the end of that interval, with everything
   * published meanwhile.
   */
  private sendSoon(): void {
    this.sending ??= this.untilNextSend()
      .then(() => this.send())
      .finally(() => {
        this.sending = undefined;
        // Published while the last one was on its way.
        if (this.pending.size > 0 && this.client) this.sendSoon();
      });
  }

  private untilNextSend(): Promise<void> {
    const waitMs = this.lastSentAt + this.opts.minIntervalMs - Date.now();
    if (waitMs <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, waitMs).unref());
  }

  /** Connects and listens; a database that cannot be reached now is tried again in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    // What was committed just before shutdown is still announced.
    await this.sending;
    const client = this.client;
    this.client = undefined;
    if (client) {
      this.abandoned.add(client);
      await client.end().catch(() => undefined);
    }
  }

  private async open(): Promise<void> {
    const client = this.connect();
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.heard(message.payload));
    try {
      await client.connect();
      if (!this.channel) {
        const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
        this.channel = `parmeta_changes_${rows[0]?.schema ?? 'public'}`;
      }
      await client.query(`listen ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped || this.abandoned.has(client)) {
      this.abandoned.add(client);
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoffMs = this.opts.minBackoffMs;
    if (this.missed) {
      this.missed = false;
      this.log.info('change feed listening again; dropping every kept answer');
      for (const forgets of this.listeners.values()) for (const forget of forgets) forget();
    }
    this.pingTimer = setInterval(() => this.ping(client), this.opts.pingMs);
    this.pingTimer.unref();
    this.sendSoon(); // what was published while the connection was down
  }

  private heard(payload: string | undefined): void {
    const [from, topic] = (payload ?? '').split(' ');
    if (from === this.id) return;
    for (const forget of this.listeners.get(topic as ChangeTopic) ?? []) forget();
  }

  private async send(): Promise<void> {
    const client = this.client;
    if (!client || !this.channel) return; // sent once the connection is back (open)
    const topics = [...this.pending];
    if (topics.length === 0) return;
    this.pending.clear();
    this.lastSentAt = Date.now();
    try {
      for (const topic of topics) await client.query('select pg_notify($1, $2)', [this.channel, `${this.id} ${topic}`]);
    } catch (error) {
      for (const topic of topics) this.pending.add(topic);
      this.lost(client, error);
    }
  }

  private ping(client: pg.Client): void {
    client.query('select 1').catch((error: unknown) => this.lost(client, error));
  }

  /** The connection failed or ended: drop it, and try again after a pause (doubling) unless stopping. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.abandoned.has(client)) return;
    this.abandoned.add(client);
    if (this.client === client) {
      this.client = undefined;
      clearInterval(this.pingTimer);
    }
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.missed = true;
    this.log.warn({ err: error, retryInMs: this.backoffMs }, 'change feed lost its connection; caches fall back to their TTL until it is back');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.open(), this.backoffMs);
    this.retryTimer.unref();
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.maxBackoffMs);
  }
}
