import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signedInUser } from '../../../test/auth-helpers.js';
import { describeEachDb, testConfig } from '../../../test/helpers.js';

const TTL_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two instances on one database, each with its own kept session checks (decision 0013). On
// PostgreSQL a revocation also reaches the other instance at once through the change feed
// (decision 0045, test/cross-instance.test.ts); these tests hold what is true either way: at
// once where it was made, within the TTL elsewhere.
describeEachDb(
  'session checks kept briefly, across instances',
  (ctx) => {
    let other: FastifyInstance;
    let uncached: FastifyInstance;
    beforeAll(async () => {
      const { db, config } = ctx();
      const dataDir = config.dataDir;
      other = await buildApp({ config: testConfig(dataDir, { SESSION_CHECK_CACHE_MS: String(TTL_MS) }), db, logger: false });
      uncached = await buildApp({ config: testConfig(dataDir, { SESSION_CHECK_CACHE_MS: '0' }), db, logger: false });
      await Promise.all([other.ready(), uncached.ready()]);
    });
    afterAll(async () => {
      await other.close();
      await uncached.close();
    });
    const detail = (app: FastifyInstance, token: string, userName: string) =>
      app.inject({ method: 'POST', url: '/api/user/detail', headers: { authorization: `Bearer ${token}` }, payload: { user_id: userName } });

    it('a sign-out on one instance holds there at once, on another within the TTL, and at once where nothing is kept', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      for (const instance of [app, other, uncached]) expect((await detail(instance, user.accessToken, user.userName)).statusCode).toBe(200);

      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.accessToken}` } });
      expect(out.statusCode).toBe(200);
      expect((await detail(app, user.accessToken, user.userName)).statusCode).toBe(401);
      expect((await detail(uncached, user.accessToken, user.userName)).statusCode).toBe(401);
      await sleep(TTL_MS + 50);
      expect((await detail(other, user.accessToken, user.userName)).statusCode).toBe(401);
    });

    it('a token first seen after its session was revoked is refused at once everywhere', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.accessToken}` } });
      expect((await detail(other, user.accessToken, user.userName)).statusCode).toBe(401);
    });

    it('kept checks never vouch for a forged token or for another user', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const victim = await signedInUser(app, db, 'victim');
      expect((await detail(app, user.accessToken, user.userName)).statusCode).toBe(200);
      const [head, body] = user.accessToken.split('.');
      const forged = `${head}.${body}.${'A'.repeat(43)}`;
      expect((await detail(app, forged, user.userName)).statusCode).toBe(401);
      expect((await detail(app, user.accessToken, victim.userName)).statusCode).toBe(403);
    });
  },
  { SESSION_CHECK_CACHE_MS: String(TTL_MS) },
);
