import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDb, type TestDb } from '../../test/helpers.js';
import { PgChangeFeed, type ChangeTopic, type PgChangeFeedOptions } from './change-feed.js';

const quiet = pino({ level: 'silent' });

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** LISTEN/NOTIFY between instances of one database (docs/decisions/0045). PostgreSQL only: SQLite is one process. */
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`the change feed [${dialect}]`, () => {
    let handle: TestDb;
    let other: TestDb;
    const feeds: PgChangeFeed[] = [];
    /** Every listening connection a feed opened, so that a test can cut one. */
    const clients = new Map<PgChangeFeed, pg.Client[]>();

    beforeAll(async () => {
      [handle, other] = await Promise.all([freshDb(dialect), freshDb(dialect)]);
    });
    afterEach(async () => {
      await Promise.all(feeds.splice(0).map((f) => f.stop()));
    });
    afterAll(async () => {
      await handle.dispose();
      await other.dispose();
    });

    /** Ends a listening connection from the server's side, as a restart or a network fault would. */
    async function cut(listening: pg.Client): Promise<void> {
      const { rows } = await listening.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
    }

    /** A feed as one instance has it, with what it heard per topic. */
    async function instance(on: TestDb = handle, opts: PgChangeFeedOptions = {}) {
      const opened: pg.Client[] = [];
      const connect = on.db.connectOutsidePool!;
      // While `unreachable`, connecting fails as with a database that is down (nothing listens on port 1).
      const network = { unreachable: false };
      const feed = new PgChangeFeed(
        () => {
          const client = network.unreachable ? new pg.Client({ connectionString: 'postgres://127.0.0.1:1/none' }) : connect();
          opened.push(client);
          return client;
        },
        quiet,
        { minBackoffMs: 20, ...opts },
      );
      const heard: Record<ChangeTopic, number> = { catalog: 0, sessions: 0 };
      feed.subscribe('catalog', () => heard.catalog++);
      feed.subscribe('sessions', () => heard.sessions++);
      await feed.start();
      feeds.push(feed);
      clients.set(feed, opened);
      return { feed, heard, opened, network };
    }

    it('tells the other instances of the same schema, not itself and not another schema', async () => {
      const a = await instance();
      const b = await instance();
      const c = await instance();
      const elsewhere = await instance(other);
      a.feed.publish('catalog');
      await until(() => b.heard.catalog === 1 && c.heard.catalog === 1, 'b and c to hear of the catalog change');
      b.feed.publish('sessions');
      await until(() => a.heard.sessions === 1 && c.heard.sessions === 1, 'a and c to hear of the session change');
      // A marker sent last on each channel: once it has arrived, anything sent before it has too.
      elsewhere.feed.publish('sessions');
      c.feed.publish('sessions');
      await until(() => a.heard.sessions === 2, 'the marker');
      expect(a.heard).toEqual({ catalog: 0, sessions: 2 });
      expect(b.heard).toEqual({ catalog: 1, sessions: 1 });
      expect(elsewhere.heard).toEqual({ catalog: 0, sessions: 0 });
    });

    it('sends the changes of one tick as one notification', async () => {
      const a = await instance();
      const b = await instance();
      for (let i = 0; i < 5; i++) a.feed.publish('catalog');
      a.feed.publish('sessions');
      await until(() => b.heard.sessions === 1, 'the session change');
      a.feed.publish('sessions'); // the marker
      await until(() => b.heard.sessions === 2, 'the marker');
      expect(b.heard.catalog).toBe(1);
    });

    it('sends at most one notification per interval, with what was published meanwhile at its end', async () => {
      const a = await instance(handle, { minIntervalMs: 1_000 });
      const b = await instance();
      a.feed.publish('catalog');
      await until(() => b.heard.catalog === 1, 'the first change');
      // Three more, each in a turn of its own, and another topic: all wait for the interval's end.
      for (let i = 0; i < 3; i++) {
        a.feed.publish('catalog');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      a.feed.publish('sessions');
      expect(b.heard).toEqual({ catalog: 1, sessions: 0 });
      await until(() => b.heard.sessions === 1, 'the changes held for the interval');
      expect(b.heard.catalog).toBe(2);
    });

    it('after its connection is cut, reconnects, drops what it kept (it may have missed something) and hears again', async () => {
      const a = await instance();
      const b = await instance();
      await cut(b.opened[0]!);
      // Back: every subscriber forgot once, without anyone publishing.
      await until(() => b.heard.catalog === 1 && b.heard.sessions === 1, 'b to reconnect and forget');
      expect(b.opened.length).toBe(2);
      a.feed.publish('catalog');
      await until(() => b.heard.catalog === 2, 'b to hear a change after reconnecting');
    });

    it('announces what was published while it could not reach the database, once it can', async () => {
      const a = await instance();
      const b = await instance();
      b.network.unreachable = true;
      await cut(b.opened[0]!);
      await until(() => b.opened.length >= 3, 'b to fail to reconnect'); // the cut connection, then refused attempts
      b.feed.publish('catalog');
      a.feed.publish('sessions');
      await until(() => b.opened.length >= 4, 'another refused attempt');
      expect(a.heard.catalog).toBe(0);
      b.network.unreachable = false;
      await until(() => a.heard.catalog === 1, 'a to hear what b published while it was cut off');
      // b was deaf when a published: it forgot everything once back, so nothing it kept is older than a's change.
      expect(b.heard.sessions).toBe(1);
    });
  });
}
