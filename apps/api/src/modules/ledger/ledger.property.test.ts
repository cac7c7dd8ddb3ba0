import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DIALECTS, freshDb, type TestDb } from '../../../test/helpers.js';
import { expectLedgerConsistent } from '../../../test/ledger-helpers.js';
import { AppError } from '../../http/errors.js';
import { PayoutService } from '../wallet/payout.service.js';
import { WalletService } from '../wallet/wallet.service.js';
import { Ledger } from './ledger.js';

/**
 * Random sequences of every ledger operation, on both databases. After each operation
 * the invariants must hold: each entry sums to zero per asset, no user balance is below
 * zero, and every balance equals the sum of its postings. Failed operations (too low a
 * balance) must change nothing.
 */
const USERS = 3;

type Op =
  | { kind: 'topup'; user: number; amount: number }
  | { kind: 'award'; user: number; points: number }
  | { kind: 'parToMeta'; user: number; amount: number }
  | { kind: 'premiumToPar'; user: number; points: number }
  | { kind: 'withdraw'; user: number; amount: number }
  | { kind: 'settle'; fail: boolean }
  | { kind: 'pay'; from: number; to: number; amount: number; fee: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 20_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), user, amount }),
  fc.record({ kind: fc.constant('award' as const), user, points: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('parToMeta' as const), user, amount }),
  fc.record({ kind: fc.constant('premiumToPar' as const), user, points: fc.integer({ min: 500, max: 3_000 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), user, amount }),
  fc.record({ kind: fc.constant('settle' as const), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), from: user, to: user, amount, fee: fc.integer({ min: 0, max: 500 }) }),
);

for (const dialect of DIALECTS) {
  describe(`ledger invariants under random operations [${dialect}]`, () => {
    let handle: TestDb;
    let userIds: number[] = [];
    beforeAll(async () => {
      handle = await freshDb(dialect);
      const now = Date.now();
      const ledger = new Ledger(dialect);
      userIds = [];
      for (let i = 0; i < USERS; i++) {
        const row = await handle.db.kysely
          .insertInto('app_user')
          .values({ user_name: `prop${i}`, full_name: 'P', email: `p${i}@x.test`, password_hash: 'x', email_verified_at: now, wallet_id: `0x${i}`, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await handle.db.kysely.transaction().execute((trx) => ledger.openUserAccounts(trx, row.id));
        userIds.push(row.id);
      }
    });
    afterAll(() => handle.dispose());

    it('holds after every operation of 25 random sequences', async () => {
      const { db } = handle;
      const ledger = new Ledger(dialect);
      const config = loadConfig({ DATA_DIR: '/tmp/parmeta-prop', JWT_SECRET: 'x'.repeat(40) });
      const wallet = new WalletService(db, ledger, config);
      const payouts = new PayoutService(db, ledger, config, () => undefined);
      const apply = async (o: Op) => {
        if (o.kind === 'settle') {
          const pending = await db.kysely.selectFrom('payout').select('id').where('status', '=', 'pending').orderBy('id').executeTakeFirst();
          if (pending) await payouts.settle(userIds[0] as number, pending.id, o.fail ? { completed: false, reason: 'random failure' } : { completed: true });
          return;
        }
        await db.kysely.transaction().execute(async (trx) => {
          const uid = (i: number) => userIds[i] as number;
          switch (o.kind) {
            case 'topup':
              await ledger.post(trx, { kind: 'topup', memo: 't', postings: [{ account: { system: 'gateway_clearing' }, asset: 'par', amount: -o.amount }, { account: { user: uid(o.user) }, asset: 'par', amount: o.amount }] });
              break;
            case 'award':
              await ledger.post(trx, { kind: 'points_award', memo: 'a', postings: [{ account: { system: 'premium_issuance' }, asset: 'premium', amount: -o.points }, { account: { user: uid(o.user) }, asset: 'premium', amount: o.points }] });
              break;
            case 'parToMeta':
              await wallet.parToMeta(trx, uid(o.user), o.amount);
              break;
            case 'premiumToPar':
              await wallet.premiumToPar(trx, uid(o.user), o.points);
              break;
            case 'withdraw':
              await wallet.withdraw(trx, uid(o.user), o.amount, '0x' + 'a'.repeat(40));
              break;
            case 'pay': {
              if (o.from === o.to || o.fee >= o.amount) return;
              await ledger.post(trx, {
                kind: 'nft_purchase',
                memo: 'p',
                postings: [
                  { account: { user: uid(o.from) }, asset: 'par', amount: -o.amount },
                  { account: { user: uid(o.to) }, asset: 'par', amount: o.amount - o.fee },
                  ...(o.fee > 0 ? [{ account: { system: 'fees' as const }, asset: 'par' as const, amount: o.fee }] : []),
                ],
              });
              break;
            }
          }
        });
      };
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
          for (const o of ops) {
            const before = await ledger.balancesMinor(db.kysely, userIds[0] as number);
            try {
              await apply(o);
            } catch (error) {
              // Only business refusals are expected; they must leave balances untouched.
              expect(error).toBeInstanceOf(AppError);
              expect(await ledger.balancesMinor(db.kysely, userIds[0] as number)).toEqual(before);
            }
            await expectLedgerConsistent(db);
          }
        }),
        { numRuns: 25 },
      );
    });
  });
}
