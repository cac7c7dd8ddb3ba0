/**
 * Ledger under contention: 10 hot accounts (10 verified users, each topped up with 10,000
 * par by card), then POST /api/gx/tranfer_par_to_meta {amount: 0.01} spread over their
 * tokens, 20 connections, on SQLite (synchronous=FULL, the API's default) and PostgreSQL.
 * Afterwards the database is checked directly: postings sum to zero per entry and asset,
 * no user account below zero, every balance equals the sum of its postings, and there is
 * exactly one par_to_meta entry per 2xx answer.
 *
 * The load is a fixed number of requests sized from warm-up and calibration runs to last about
 * BENCH_DURATION seconds: autocannon then waits for every answer (a duration-bound run
 * drops the requests still in flight, whose transfers commit unseen), so counts are exact.
 * Run: node --import tsx bench/ledger.bench.ts
 */
import { closeSync, existsSync, fdatasyncSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, createVerifiedUsers, mapLimit, signIn, topUpPar } from './lib/api.js';
import { benchDialects, createPgDatabase, PG_ADMIN_URL, pgQuery, pgUnavailable, Sqlite, type BenchPgDatabase } from './lib/db.js';
import { load, percentile, sortedMs, type LoadRequest, type LoadResult } from './lib/load.js';
import { check, envNum, fmt, isMain, loadAvg, printChecks, saveResult, table, type Check } from './lib/report.js';
import { cpuSeconds } from './lib/proc.js';
import { cpuProfArgs, startApi } from './lib/server.js';

export const TARGETS = { sqlitePerSec: 1500, postgresPerSec: 1000 };

type Dialect = 'sqlite' | 'postgres';
const USERS = 10;
const TOP_UP = 10_000;
const CONNECTIONS = 20;
const TRANSFER = '/api/gx/tranfer_par_to_meta';

/** Each invariant as a query answering one number that must be 0. */
const INVARIANTS: { name: string; sql: string }[] = [
  {
    name: 'entry postings not summing to 0 per asset',
    sql: 'select count(*) as n from (select entry_id, asset from posting group by entry_id, asset having sum(amount) <> 0) x',
  },
  { name: 'journal entries without postings', sql: 'select count(*) as n from journal_entry e where not exists (select 1 from posting p where p.entry_id = e.id)' },
  { name: 'user accounts below zero', sql: 'select count(*) as n from ledger_account where user_id is not null and balance < 0' },
  {
    // Only user accounts keep a running balance; a system account's balance is the sum of its postings.
    name: 'user balances not equal to the sum of their postings',
    sql: 'select count(*) as n from ledger_account a left join (select account_id, sum(amount) as s from posting group by account_id) p on p.account_id = a.id where a.user_id is not null and a.balance <> coalesce(p.s, 0)',
  },
  {
    name: 'non-negative system accounts below zero',
    sql: 'select count(*) as n from (select a.id from ledger_account a join posting p on p.account_id = a.id where a.user_id is null and a.allow_negative = 0 group by a.id having sum(p.amount) < 0) x',
  },
];
const ENTRIES_SQL = "select count(*) as n from journal_entry where kind = 'par_to_meta'";

/** fdatasync latency of the disk under `dir` (p50 and p90 of 50 syncs of a 4 kB write), in ms. */
export function fsyncMs(dir: string): { p50: number; p90: number } {
  const file = path.join(dir, `.bench-fsync-${process.pid}`);
  const fd = openSync(file, 'w');
  const times: number[] = [];
  try {
    const block = Buffer.alloc(4096, 1);
    for (let i = 0; i < 50; i++) {
      writeSync(fd, block);
      const t = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - t);
    }
  } finally {
    closeSync(fd);
    unlinkSync(file);
  }
  const sorted = sortedMs(times);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
}

/**
 * 'nosync' is a diagnostic (no target): SQLite with its data dir on tmpfs (/dev/shm), or
 * PostgreSQL with synchronous_commit=off for the bench database: what is left without the
 * per-commit disk flush.
 */
type Variant = 'default' | 'nosync';

interface LedgerRun {
  dialect: Dialect;
  variant: Variant;
  r: LoadResult;
  perSec: number;
  ok2xx: number;
  /** Errors and timeouts over calibration and measured run. */
  errors: number;
  entries: number;
  violations: { name: string; n: number }[];
  /** CPU time per 2xx of the measured run: the API process, and (PostgreSQL) the server processes of its connections. */
  cpuUs: { api: number; db: number | null };
}

/** CPU seconds used so far by the given processes (those that have gone away count 0). */
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (existsSync(`/proc/${pid}/stat`) ? cpuSeconds(pid) : 0), 0);

/** The server processes (backends) of the API's connections to a bench database. */
async function backendPids(pgDb: BenchPgDatabase): Promise<number[]> {
  const rows = await pgQuery<{ pid: number }>(PG_ADMIN_URL, "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'", [pgDb.name]);
  return rows.map((r) => Number(r.pid));
}

async function runDialect(dialect: Dialect, duration: number, variant: Variant = 'default'): Promise<LedgerRun> {
  const tmpRoot = variant === 'nosync' && dialect === 'sqlite' ? '/dev/shm' : os.tmpdir();
  const dataDir = mkdtempSync(path.join(tmpRoot, 'parmeta-bench-ledger-'));
  let pgDb: BenchPgDatabase | undefined;
  try {
    if (dialect === 'postgres') pgDb = await createPgDatabase('ledger');
    if (pgDb && variant === 'nosync') await pgQuery(PG_ADMIN_URL, `alter database ${pgDb.name} set synchronous_commit = off`);
    const api = await startApi({
      env: { NODE_ENV: 'development', TRUST_PROXY: 'true' },
      dataDir,
      ...(pgDb ? { databaseUrl: pgDb.url } : {}),
      nodeArgs: cpuProfArgs(`ledger-${dialect}`),
    });
    let r: LoadResult;
    let ok2xx = 0;
    let errors = 0;
    let cpuUs: LedgerRun['cpuUs'] = { api: Number.NaN, db: null };
    try {
      const users = await createVerifiedUsers(api.baseUrl, USERS, 'bledger');
      const tokens = await mapLimit(users, 2, async (u) => {
        const token = await signIn(api.baseUrl, u);
        await topUpPar(api.baseUrl, token, TOP_UP, u.ip);
        const data = await call<{ balances: { par: number } }>(api.baseUrl, 'POST', '/api/gx/Userdata', { token, body: {} });
        if (data.balances.par !== TOP_UP) throw new Error(`${u.userName}: par balance ${data.balances.par} after the top-up, expected ${TOP_UP}`);
        return token;
      });
      let next = 0;
      const requests: LoadRequest[] = [
        {
          method: 'POST',
          path: TRANSFER,
          body: JSON.stringify({ amount: 0.01 }),
          setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
        },
      ];
      const base = { url: api.baseUrl, connections: CONNECTIONS, requests };
      // Warm-up, a ~2 s calibration, then a fixed amount sized to last about `duration` s.
      const warm = await load({ ...base, amount: CONNECTIONS * 20 });
      const calibration = await load({ ...base, amount: Math.max(CONNECTIONS * 10, Math.round(warm.reqPerSec * 2)) });
      const amount = Math.max(CONNECTIONS * 10, Math.round(calibration.reqPerSec * duration));
      // The pool is warm by now: its backends serve the measured run (one that leaves counts 0).
      const backends = pgDb ? await backendPids(pgDb) : [];
      const before = { api: cpuSeconds(api.pid), db: cpuOf(backends) };
      r = await load({ ...base, amount });
      const perTransfer = (seconds: number) => (r.ok > 0 ? (seconds * 1e6) / r.ok : Number.NaN);
      cpuUs = { api: perTransfer(cpuSeconds(api.pid) - before.api), db: pgDb ? perTransfer(cpuOf(backends) - before.db) : null };
      ok2xx = warm.ok + calibration.ok + r.ok;
      errors = warm.errors + calibration.errors + r.errors;
    } finally {
      await api.stop(); // every transaction is committed (or rolled back) once the server is gone
    }

    const count = async (sqlText: string): Promise<number> => {
      if (pgDb) return Number((await pgQuery<{ n: number }>(pgDb.url, sqlText))[0]?.n ?? Number.NaN);
      const db = new Sqlite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        return Number((db.prepare(sqlText).get() as { n: number }).n);
      } finally {
        db.close();
      }
    };
    const violations: { name: string; n: number }[] = [];
    for (const inv of INVARIANTS) violations.push({ name: inv.name, n: await count(inv.sql) });
    const entries = await count(ENTRIES_SQL);
    return { dialect, variant, r, perSec: r.ok / r.seconds, ok2xx, errors, entries, violations, cpuUs };
  } finally {
    if (process.env.BENCH_KEEP_TMP === '1') console.log(`   kept ${dataDir} (server.log)`);
    else rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

export async function runLedgerBench(): Promise<{ checks: Check[] }> {
  const duration = envNum('BENCH_DURATION', 10);
  console.log(`\n== Ledger bench: par -> meta 0.01, ${USERS} hot accounts, ${CONNECTIONS} connections, ~${duration}s per dialect (${loadAvg()}) ==`);
  const wanted = benchDialects();
  const pgProblem = wanted.includes('postgres') ? await pgUnavailable() : null;
  if (pgProblem) console.log(`PostgreSQL skipped: ${pgProblem}`);
  const sync = fsyncMs(os.tmpdir());
  console.log(`   fdatasync on ${os.tmpdir()} (the SQLite data dir's disk): p50 ${fmt(sync.p50, 2)} ms, p90 ${fmt(sync.p90, 2)} ms`);
  const variants: Variant[] = process.env.BENCH_LEDGER_NOSYNC === '1' ? ['default', 'nosync'] : ['default'];
  const runs: LedgerRun[] = [];
  for (const dialect of wanted.filter((d) => !(pgProblem && d === 'postgres'))) {
    for (const variant of variants) {
      if (variant === 'nosync' && dialect === 'sqlite' && !existsSync('/dev/shm')) continue;
      runs.push(await runDialect(dialect, duration, variant));
      console.log(`   ${dialect}${variant === 'nosync' ? ' (no per-commit flush, diagnostic)' : ''} done (${loadAvg()})`);
    }
  }

  console.log(
    table(
      ['dialect', 'transfers/s', 'p50 ms', 'p99 ms', 'seconds', '2xx (all 3 runs)', 'entries', 'non2xx', 'errors', 'violations', 'API CPU µs/transfer', 'PG CPU µs/transfer'],
      runs.map((x) => [
        x.variant === 'nosync' ? `${x.dialect} ${x.dialect === 'sqlite' ? 'on tmpfs' : 'sync_commit=off'}` : x.dialect,
        fmt(x.perSec),
        fmt(x.r.p50, 2),
        fmt(x.r.p99, 2),
        fmt(x.r.seconds, 1),
        String(x.ok2xx),
        String(x.entries),
        `${x.r.non2xx} ${x.r.non2xx ? JSON.stringify(x.r.statusCodes) : ''}`.trim(),
        String(x.errors),
        String(x.violations.reduce((n, v) => n + v.n, 0)),
        fmt(x.cpuUs.api),
        x.cpuUs.db === null ? '-' : fmt(x.cpuUs.db),
      ]),
    ),
  );
  console.log('CPU per transfer (measured run): the API process, and the PostgreSQL backends serving its pool; neighbours on a shared machine steal wall time, not this.');
  const checks: Check[] = [];
  for (const x of runs) {
    if (x.variant === 'nosync') {
      const broken = x.violations.filter((v) => v.n !== 0);
      checks.push(check(`ledger invariants (${x.dialect}, no-flush diagnostic)`, broken.length === 0, `${broken.length ? broken.map((v) => `${v.n} ${v.name}`).join('; ') : '0 violations'}; ${fmt(x.perSec)} transfers/s, ${x.entries} entries / ${x.ok2xx} 2xx (info)`));
      continue;
    }
    const target = x.dialect === 'sqlite' ? TARGETS.sqlitePerSec : TARGETS.postgresPerSec;
    checks.push(check(`transfers/s (${x.dialect})`, x.perSec >= target, `${fmt(x.perSec)} /s (target >= ${target})`));
    const broken = x.violations.filter((v) => v.n !== 0);
    checks.push(check(`ledger invariants (${x.dialect})`, broken.length === 0, broken.length ? broken.map((v) => `${v.n} ${v.name}`).join('; ') : `0 violations (${x.violations.map((v) => v.name).join(', ')})`));
    checks.push(check(`par_to_meta entries = 2xx answers (${x.dialect})`, x.entries === x.ok2xx && x.errors === 0, `${x.entries} entries, ${x.ok2xx} 2xx, ${x.errors} errors`));
  }
  if (pgProblem) checks.push(check('transfers/s (postgres)', false, `not measured: ${pgProblem}`));
  printChecks(checks);
  const file = saveResult('ledger.json', { date: new Date().toISOString(), node: process.version, loadAvg: loadAvg(), fsyncMs: sync, runs, checks });
  console.log(`saved ${file}`);
  return { checks };
}

if (isMain(import.meta.url)) {
  runLedgerBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
