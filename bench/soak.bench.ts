/**
 * Soak: the model test (apps/api/test/model) at length against the built server, as processes:
 * SQLite (one process), PostgreSQL (one process) and PostgreSQL with three processes sharing the
 * database, each with its own housekeeping timer and mail worker delivering to one SMTP server.
 * Orders and NFT reservations run out for real during a run (1 minute, the shortest the settings
 * allow). Every invariant of the model, and every mail delivered exactly once, are checked after
 * each run; a failure names the seed (MODEL_SEED=<seed> runs the same operations again).
 * Run: node --import tsx bench/soak.bench.ts   (after npm run build)
 */
import { sql } from 'kysely';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';

process.env.TEST_DATABASE_URL ??= process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { webhookSigner } = await import('../apps/api/src/modules/fiat/fiat.service.js');
const { startCluster } = await import('../apps/api/test/model/cluster.js');
const { checkMails } = await import('../apps/api/test/model/mails.js');
const { modelSeed, runModel } = await import('../apps/api/test/model/run.js');
const { buildWorld } = await import('../apps/api/test/model/world.js');

export const TARGETS = { operations: 20_000 };

interface Target {
  label: string;
  dialect: 'sqlite' | 'postgres';
  processes: number;
}

const ALL: Target[] = [
  { label: 'sqlite', dialect: 'sqlite', processes: 1 },
  { label: 'postgres', dialect: 'postgres', processes: 1 },
  { label: 'postgres x3', dialect: 'postgres', processes: 3 },
];

async function soakOnce(target: Target, operations: number) {
  const cluster = await startCluster(target.dialect, target.processes, { entry: 'build' });
  try {
    const world = await buildWorld(cluster.db, cluster.jwtSecret, cluster.instances[0]!, { members: 24, products: 5, stock: 40, nfts: 8 });
    const seed = modelSeed();
    const result = await runModel({
      db: cluster.db.kysely,
      instances: cluster.instances,
      world,
      seed,
      actors: 24,
      operations,
      settle: () => new Promise((resolve) => setTimeout(resolve, 2_000)),
      sign: webhookSigner(cluster.jwtSecret),
    });
    const violations = [...result.violations, ...(await checkMails(cluster.db.kysely, cluster.smtp.received))];
    const { rows } = await sql<Record<string, number>>`select
      (select count(*) from shop_order) as orders, (select count(*) from shop_order where cancel_reason = 'expired') as expired,
      (select count(*) from nft_order) as nft_orders, (select count(*) from journal_entry) as entries,
      (select count(*) from gateway_charge) as charges, (select count(*) from payout) as payouts, (select count(*) from mail_outbox) as mails`.execute(cluster.db.kysely);
    const counts = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
    const ok = result.steps.filter((s) => s.status < 300).length;
    return { seed, ms: result.ms, steps: result.steps.length, ok, violations, counts, delivered: cluster.smtp.received.length };
  } finally {
    await cluster.dispose();
  }
}

export async function runSoakBench(): Promise<{ checks: Check[] }> {
  const operations = envNum('SOAK_OPERATIONS', TARGETS.operations);
  const runs = envNum('SOAK_RUNS', 1);
  const wanted = (process.env.SOAK_TARGETS ?? 'sqlite,postgres,postgres x3').split(',').map((s) => s.trim());
  const targets = ALL.filter((t) => wanted.includes(t.label));
  console.log(`\n== Soak: the model test, ${operations} operations per run, ${runs} run(s) per target (${loadAvg()}) ==`);
  const checks: Check[] = [];
  const rows: string[][] = [];
  const results: unknown[] = [];
  for (const target of targets) {
    let failed = 0;
    for (let run = 1; run <= runs; run++) {
      const r = await soakOnce(target, operations);
      results.push({ target: target.label, ...r });
      if (r.violations.length > 0) {
        failed += 1;
        console.error(`${target.label} seed ${r.seed}: ${r.violations.length} violations\n  ${r.violations.slice(0, 20).join('\n  ')}`);
      }
      rows.push([
        target.label,
        String(run),
        String(r.seed),
        String(operations),
        String(r.steps),
        `${fmt((100 * r.ok) / r.steps)}%`,
        String(r.counts.orders),
        String(r.counts.expired),
        String(r.counts.nft_orders),
        String(r.counts.entries),
        String(r.delivered),
        fmt(r.ms / 1000, 1),
        fmt((operations * 1000) / r.ms),
        String(r.violations.length),
      ]);
    }
    checks.push(check(`soak ${target.label}`, failed === 0, `${runs - failed} of ${runs} run(s) of ${operations} operations kept every invariant and delivered each mail once`));
  }
  console.log(table(['target', 'run', 'seed', 'ops', 'calls', '2xx', 'orders', 'expired', 'nft orders', 'entries', 'mails', 's', 'ops/s', 'violations'], rows));
  saveResult('soak.json', { date: new Date().toISOString(), operations, runs, results });
  return { checks };
}

if (isMain(import.meta.url)) printChecks((await runSoakBench()).checks);
