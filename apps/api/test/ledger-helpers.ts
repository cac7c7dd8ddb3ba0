import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/connection.js';
import { orderNumber } from '../src/lib/order-number.js';
import { Ledger } from '../src/modules/ledger/ledger.js';
import { SandboxGateway } from '../src/modules/payments/sandbox-gateway.js';

/**
 * Credits par (minor units) as a card top-up does: a charge at the sandbox gateway, a paid
 * card payment with that charge, and its `topup` entry from the gateway clearing account. So
 * the books a test builds reconcile with the gateway's records, as the app's own would.
 */
export async function creditPar(db: Db, userId: number, minor: number): Promise<void> {
  const gateway = new SandboxGateway(db);
  const card = await gateway.tokenize({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', holderName: 'Test' });
  const now = Date.now();
  const orderNo = orderNumber('TOP', now);
  const charge = await gateway.charge({ token: card.token, amount: minor, currency: 'USD', reference: orderNo, idempotencyKey: `fiat:${orderNo}` });
  if (charge.status !== 'succeeded') throw new Error(`test top-up: the sandbox answered ${charge.status}`);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('fiat_order').values({ order_no: orderNo, user_id: userId, type: 'topup', amount: minor, nft_id: null, status: 'paid', charge_id: charge.chargeId, created_at: now, paid_at: now }).execute();
    await new Ledger(db.dialect).post(trx, {
      kind: 'topup',
      reference: orderNo,
      memo: 'test top-up',
      postings: [
        { account: { system: 'gateway_clearing' }, asset: 'par', amount: -minor },
        { account: { user: userId }, asset: 'par', amount: minor },
      ],
    });
  });
}

export async function creditPoints(db: Db, userId: number, points: number): Promise<void> {
  await db.kysely.transaction().execute((trx) =>
    new Ledger(db.dialect).post(trx, {
      kind: 'points_award',
      memo: 'test points',
      postings: [
        { account: { system: 'premium_issuance' }, asset: 'premium', amount: -points },
        { account: { user: userId }, asset: 'premium', amount: points },
      ],
    }),
  );
}

export async function userIdOf(db: Db, userName: string): Promise<number> {
  return (await db.kysely.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/** The ledger's invariants: every entry balances per asset, no user account is negative, each user balance equals its postings, and no non-negative system account is below zero. */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const unbalanced = await sql<{ entry_id: number }>`select entry_id from posting group by entry_id, asset having sum(amount) <> 0`.execute(db.kysely);
  expect(unbalanced.rows, 'entries whose postings do not sum to zero').toEqual([]);
  const negative = await sql<{ id: number }>`select id from ledger_account where user_id is not null and balance < 0`.execute(db.kysely);
  expect(negative.rows, 'user accounts below zero').toEqual([]);
  const drift = await sql<{ id: number }>`
    select a.id from ledger_account a left join posting p on p.account_id = a.id
    where a.user_id is not null
    group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`.execute(db.kysely);
  expect(drift.rows, 'user accounts whose balance differs from their postings').toEqual([]);
  // System balances are the sums of their postings; those that may not go negative never do.
  const system = await sql<{ code: string }>`
    select a.code from ledger_account a join posting p on p.account_id = a.id
    where a.user_id is null and a.allow_negative = 0
    group by a.id, a.code having sum(p.amount) < 0`.execute(db.kysely);
  expect(system.rows, 'system accounts below zero').toEqual([]);
}
