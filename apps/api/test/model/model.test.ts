import type { Reconciliation, TrialBalance } from '@parmeta/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/connection.js';
import { webhookSigner } from '../../src/modules/fiat/fiat.service.js';
import { DIALECTS, freshDb, testConfig, type TestDb } from '../helpers.js';
import { injected } from './client.js';
import { modelSeed, runModel, tallySteps } from './run.js';
import { buildWorld } from './world.js';

/**
 * The model test (docs/decisions/0019): members and an admin fire a seeded random mix of every
 * operation that moves money, stock or ownership, many at once and often several different ones
 * on the same order, NFT, withdrawal or balance; then every invariant is checked against the
 * database. On PostgreSQL three app instances (each its own pool, caches and housekeeping)
 * share the database, as three servers behind a load balancer would. A failure names its seed:
 * MODEL_SEED=<seed> runs the same operations again (their interleaving is the machine's).
 */

const OPERATIONS = Number(process.env.MODEL_OPERATIONS ?? 2000);
const ACTORS = 12;

for (const dialect of DIALECTS) {
  describe(`model: every operation at once [${dialect}]`, () => {
    let handle: (TestDb & { dataDir: string }) | undefined;
    const extraDbs: Db[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      handle = await freshDb(dialect);
      const config = testConfig(handle.dataDir);
      const dbs = dialect === 'postgres' ? [handle.db, handle.reopen(() => {}), handle.reopen(() => {})] : [handle.db];
      extraDbs.push(...dbs.slice(1));
      for (const db of dbs) {
        const app = await buildApp({ config, db, logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false });
        await app.ready();
        apps.push(app);
      }
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of extraDbs) await db.close();
      await handle?.dispose();
    });

    it(`keeps every invariant through ${OPERATIONS} operations from ${ACTORS} actors`, { timeout: 120_000 }, async () => {
      const db = handle!.db;
      const config = testConfig(handle!.dataDir);
      const instances = apps.map(injected);
      const world = await buildWorld(db, config.jwtSecret, instances[0]!, { members: 8, products: 3, stock: 12, nfts: 4 });
      const some = () => apps[Math.floor(Math.random() * apps.length)]!.services;
      const retryRefunds = async () => {
        await some().lifecycle.retryRefunds();
        await some().fiat.retryRefunds();
      };
      const seed = modelSeed();
      const result = await runModel({
        db: db.kysely,
        instances,
        world,
        seed,
        actors: ACTORS,
        operations: OPERATIONS,
        housekeeping: {
          expireOrders: (now) => some().lifecycle.expire(now),
          expireNftReservations: (now) => some().nftOrders.expire(now),
          retryRefunds,
        },
        settle: retryRefunds,
        sign: webhookSigner(config.jwtSecret),
      });
      const tally = tallySteps(result.steps);
      if (process.env.MODEL_MESSAGES) console.warn(JSON.stringify({ seed, ms: result.ms, steps: result.steps.length, tally }, null, 1));
      expect(result.violations, `seed ${seed}: ${result.violations.length} invariant violations (MODEL_SEED=${seed} runs the same operations)\n${JSON.stringify(tally)}`).toEqual([]);
      // The run did what it is for: money moved, and operations met (not everything was refused).
      const succeeded = (op: string) => tally[op]?.['2xx'] ?? 0;
      for (const op of ['createOrder', 'payPar', 'payCard', 'cancelOrder', 'nftReserve', 'nftConfirm', 'parToMeta', 'withdraw']) expect(succeeded(op), `seed ${seed}: no successful ${op}`).toBeGreaterThan(0);
      // The admin's finance pages agree: the trial balance sums to zero per asset (and members'
      // kept balances equal their postings), and reconciliation finds no gateway record without
      // its match in the books, nor the other way round.
      const finance = async <T>(path: string) => {
        const answer = await instances[0]!({ method: 'POST', url: `/api/admin/finance${path}`, headers: world.admin.auth, body: {} });
        expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
        return answer.body?.data as T;
      };
      const trialBalance = await finance<TrialBalance>('/trial-balance');
      expect(trialBalance.assets.map((a) => [a.asset, a.total, a.memberBalances === a.lines.find((l) => l.account === 'members')?.balance]), `seed ${seed}`).toEqual([
        ['par', 0, true],
        ['meta', 0, true],
        ['premium', 0, true],
      ]);
      expect(trialBalance.balanced, `seed ${seed}`).toBe(true);
      const reconciliation = await finance<Reconciliation>('/reconciliation');
      expect(reconciliation.items, `seed ${seed}`).toEqual([]);
      expect(reconciliation.checked.charges, `seed ${seed}: the run made card charges`).toBeGreaterThan(0);
    });
  });
}
