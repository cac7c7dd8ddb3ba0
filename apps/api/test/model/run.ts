import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { Instance } from './client.js';
import { checkInvariants, type Violations } from './invariants.js';
import { drawOperation, type Ctx, type GatewayEvent, type Housekeeping, type Step } from './operations.js';
import { Rng } from './rng.js';
import type { World } from './world.js';

export interface ModelRun {
  /** The database every instance shares, for the final checks. */
  db: Kysely<Database>;
  instances: Instance[];
  world: World;
  seed: number;
  /** Members and the admin acting at once. */
  actors: number;
  operations: number;
  /** In-process runs move time on for housekeeping; server processes run their own timers. */
  housekeeping?: Housekeeping | undefined;
  /** After the load, before the checks: let refunds still owed go through (housekeeping, or a wait for it). */
  settle(): Promise<void>;
  sign(event: GatewayEvent): string;
}

export interface ModelResult {
  seed: number;
  steps: Step[];
  violations: Violations;
  ms: number;
}

/** A seed from MODEL_SEED, or a fresh one (printed with any failure, to run it again). */
export const modelSeed = (): number => (process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 31));

/**
 * Runs `operations` operations drawn from the seed, `actors` at a time, against random
 * instances, then checks every invariant. The seed fixes which operations run, on what and in
 * which order each actor starts them; how they interleave is up to the machine, which is the point.
 */
export async function runModel(run: ModelRun): Promise<ModelResult> {
  const rng = new Rng(run.seed);
  const steps: Step[] = [];
  const started = performance.now();
  const ctx: Ctx = {
    world: run.world,
    rng,
    instance: () => rng.pick(run.instances) as Instance,
    housekeeping: run.housekeeping,
    gateway: {
      recentCharges: async (limit) =>
        (
          await sql<{ chargeId: string; reference: string }>`select c.id as "chargeId", c.reference from gateway_charge c join fiat_order f on f.order_no = c.reference where c.status = 'succeeded' order by c.created_at desc limit ${limit}`.execute(run.db)
        ).rows,
      sign: run.sign,
    },
    record: (step) => steps.push(step),
    elapsed: () => Math.round(performance.now() - started),
  };
  let drawn = 0;
  const actor = async () => {
    while (drawn < run.operations) {
      drawn += 1;
      await drawOperation(rng)(ctx);
    }
  };
  await Promise.all(Array.from({ length: run.actors }, actor));
  await run.settle();
  const violations = await checkInvariants(run.db, run.world, steps);
  return { seed: run.seed, steps, violations, ms: Math.round(performance.now() - started) };
}

/** Operations by name with their answers by status, for a report. */
export function tallySteps(steps: Step[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const s of steps) {
    const byStatus = (out[s.op] ??= {});
    const label = s.status < 300 ? '2xx' : process.env.MODEL_MESSAGES ? `${s.status} ${s.msg}` : `${s.status} ${s.code ?? ''}`.trim();
    byStatus[label] = (byStatus[label] ?? 0) + 1;
  }
  return out;
}
