import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSigner } from '../../src/modules/fiat/fiat.service.js';
import { DIALECTS } from '../helpers.js';
import { startCluster, type Cluster } from './cluster.js';
import { checkMails } from './mails.js';
import { modelSeed, runModel, tallySteps } from './run.js';
import { buildWorld } from './world.js';

/**
 * The model test against three API server processes sharing one PostgreSQL database, each with
 * its own caches, housekeeping timer and mail worker, as behind a load balancer: every invariant
 * holds, and every mail reaches the SMTP server exactly once. (Time-driven expiry needs minutes;
 * the soak in bench/ runs long enough for it, and the in-process model test drives it.)
 */

const OPERATIONS = Number(process.env.MODEL_PROCESS_OPERATIONS ?? 1_200);

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`model: three server processes on one database [${dialect}]`, () => {
    let cluster: Cluster | undefined;
    beforeAll(async () => {
      cluster = await startCluster(dialect, 3);
    }, 120_000);
    afterAll(async () => {
      await cluster?.dispose();
    });

    it(`keeps every invariant through ${OPERATIONS} operations, and each mail goes out once`, { timeout: 240_000 }, async () => {
      const c = cluster!;
      const world = await buildWorld(c.db, c.jwtSecret, c.instances[0]!, { members: 8, products: 3, stock: 12, nfts: 4 });
      const seed = modelSeed();
      const result = await runModel({
        db: c.db.kysely,
        instances: c.instances,
        world,
        seed,
        actors: 12,
        operations: OPERATIONS,
        // The servers' own timers run housekeeping; refunds still owed go through on the next round.
        settle: () => new Promise((resolve) => setTimeout(resolve, 1_500)),
        sign: webhookSigner(c.jwtSecret),
      });
      const violations = [...result.violations, ...(await checkMails(c.db.kysely, c.smtp.received))];
      const tally = tallySteps(result.steps);
      expect(violations, `seed ${seed}: ${violations.length} violations (MODEL_SEED=${seed})\n${JSON.stringify(tally)}`).toEqual([]);
      expect(c.smtp.received.length, 'mails delivered').toBeGreaterThan(20);
      for (const op of ['createOrder', 'payPar', 'payCard', 'nftConfirm', 'withdraw']) expect(tally[op]?.['2xx'] ?? 0, `seed ${seed}: no successful ${op}`).toBeGreaterThan(0);
    });
  });
}
