import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDb, testConfig, type TestDb } from '../../test/helpers.js';
import { expectLedgerConsistent } from '../../test/ledger-helpers.js';
import { quickUsers } from '../../test/quick-users.js';
import { Ledger } from '../modules/ledger/ledger.js';
import { WalletService } from '../modules/wallet/wallet.service.js';
import type { Db } from '../db/connection.js';
import { AppError } from './errors.js';
import { idempotent } from './idempotency.js';

/** Only the parts of a request that idempotent() reads. */
const requestWithKey = (key: string) => ({ headers: { 'idempotency-key': key }, routeOptions: { url: '/test/par-to-meta' }, url: '/test/par-to-meta' }) as unknown as FastifyRequest;

for (const dialect of DIALECTS) {
  describe(`idempotent() with concurrent calls [${dialect}]`, () => {
    let handle: TestDb & { dataDir: string };
    beforeAll(async () => {
      handle = await freshDb(dialect);
    });
    afterAll(() => handle.dispose());

    it('calls with one key arriving together: one effect, the same answer again for the same body, 409 for another', async () => {
      const config = testConfig(handle.dataDir);
      const [user] = await quickUsers(handle.db, config, 1, 10_000);
      const userId = user!.id;
      const statements: string[] = [];
      // On SQLite all of these share one group-committed transaction (checked below).
      const db: Db = handle.reopen((s) => statements.push(s.trim().toLowerCase()));
      const wallet = new WalletService(db, new Ledger(dialect), config);
      const transfer = (key: string, amount: number) =>
        idempotent(db, requestWithKey(key), userId, { amount }, async (trx) => ({ data: await wallet.parToMeta(trx, userId, amount), msg: `moved ${amount}` }));

      const calls = [
        { key: 'k1', amount: 100 },
        { key: 'k1', amount: 100 },
        { key: 'k1', amount: 250 },
        { key: 'k1', amount: 100 },
        { key: 'k2', amount: 100 },
      ];
      const results = await Promise.allSettled(calls.map((c) => transfer(c.key, c.amount)));

      // Which k1 call claims the key first is up to the database (PostgreSQL runs them in parallel).
      const fresh = results.flatMap((r, i) => (r.status === 'fulfilled' && !r.value.headers ? [i] : []));
      expect(fresh.map((i) => calls[i]!.key).sort()).toEqual(['k1', 'k2']);
      const winner = calls[fresh.find((i) => calls[i]!.key === 'k1')!]!;
      const first = results[calls.indexOf(winner)] as PromiseFulfilledResult<{ data: unknown; msg?: string }>;
      calls.forEach((c, i) => {
        const r = results[i]!;
        if (c.key !== 'k1' || c === winner) return;
        if (c.amount === winner.amount) {
          expect(r.status).toBe('fulfilled');
          const replayed = (r as PromiseFulfilledResult<{ data: unknown; msg?: string; headers?: Record<string, string> }>).value;
          expect(replayed.headers).toEqual({ 'idempotent-replayed': 'true' });
          expect({ data: replayed.data, msg: replayed.msg }).toEqual({ data: first.value.data, msg: first.value.msg });
        } else {
          expect(r.status).toBe('rejected');
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
          expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
        }
      });
      const par = (await new Ledger(dialect).balancesMinor(handle.db.kysely, userId)).par;
      expect(par).toBe(10_000 - winner.amount - 100);
      if (dialect === 'sqlite') expect(statements.filter((s) => s.startsWith('begin')), statements.join('\n')).toHaveLength(1);
      await expectLedgerConsistent(handle.db);
      await db.close();
    });
  });
}
