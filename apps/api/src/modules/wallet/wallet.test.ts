import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { signedInUser } from '../../../test/auth-helpers.js';
import { creditPar, creditPoints, expectLedgerConsistent, userIdOf } from '../../../test/ledger-helpers.js';

describeEachDb('wallet: balances, transfers, withdrawals', (ctx) => {
  type User = Awaited<ReturnType<typeof signedInUser>>;
  const call = (path: string, u: User, payload: object = {}, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: { ...u.auth, ...headers }, payload });
  const balances = async (u: User) => (await call('/gx/Userdata', u)).json().data.balances as { par: number; meta: number; premium: number };
  const funded = async (par = 10_000, points = 0) => {
    const u = await signedInUser(ctx().app, ctx().db);
    const id = await userIdOf(ctx().db, u.userName);
    if (par) await creditPar(ctx().db, id, par);
    if (points) await creditPoints(ctx().db, id, points);
    return u;
  };

  it('Userdata answers balances, wallet id and member class; parAmount in the user detail is the par balance', async () => {
    const u = await funded(12_345);
    const res = await call('/gx/Userdata', u, { user_id: u.userName });
    expect(res.json().data).toMatchObject({ walletId: expect.stringMatching(/^0x/), memberClass: 'standard', balances: { par: 123.45, meta: 0, premium: 0 } });
    expect((await call('/user/detail', u, { user_id: u.userName })).json().data.parAmount).toBe(123.45);
  });

  it('moves par to meta 1:1 and records it in the history', async () => {
    const u = await funded(10_000);
    const res = await call('/gx/tranfer_par_to_meta', u, { amount: 25.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balances).toEqual({ par: 74.5, meta: 25.5, premium: 0 });
    const history = await ctx().app.inject({ method: 'POST', url: `/api/gx/SelTransactionPayment?userId=${u.userName}`, headers: u.auth });
    const items = history.json().data.items;
    expect(history.json().data.total).toBe(2);
    expect(items[0]).toMatchObject({ type: 'par_to_meta', amounts: { par: -25.5, meta: 25.5 }, counterparty: 'Metaverse bridge' });
    expect(items[1]).toMatchObject({ type: 'topup', amounts: { par: 100 }, counterparty: 'Payment gateway' });
    await expectLedgerConsistent(ctx().db);
  });

  it('converts premium points to par at the configured rate from the minimum', async () => {
    const u = await funded(0, 1_200);
    const low = await call('/gx/Premium_To_Par', u, { points: 499 });
    expect(low.statusCode).toBe(422);
    expect(low.json().msg).toMatch(/from 500 points/);
    const ok = await call('/gx/Premium_To_Par', u, { points: 1_000 });
    expect(ok.json().data).toEqual({ balances: { par: 10, meta: 0, premium: 200 }, parCredited: 10 });
    const over = await call('/gx/Premium_To_Par', u, { points: 500 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ status: false, msg: expect.stringMatching(/premium points balance is too low/) });
  });

  it('withdraws par into a pending payout at once; failures answer status false and change nothing', async () => {
    const u = await funded(5_000);
    const res = await call('/gx/transfer_par_off', u, { amount: 20, destination: '0x' + 'ab'.repeat(20) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ balances: { par: 30 }, payout: { amount: 20, status: 'pending' } });
    const tooMuch = await call('/gx/transfer_par_off', u, { amount: 31, destination: 'DE89370400440532013000' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().status).toBe(false);
    const payouts = await ctx().app.inject({ method: 'POST', url: '/api/gx/payouts', headers: u.auth });
    expect(payouts.json().data.items).toHaveLength(1);
    expect(await balances(u)).toMatchObject({ par: 30 });
    await expectLedgerConsistent(ctx().db);
  });

  it.each([
    ['/gx/tranfer_par_to_meta', { amount: 0 }, 'amount'],
    ['/gx/tranfer_par_to_meta', { amount: -5 }, 'amount'],
    ['/gx/tranfer_par_to_meta', { amount: 1.005 }, 'amount'],
    ['/gx/tranfer_par_to_meta', { amount: 100_000.01 }, 'amount'],
    ['/gx/tranfer_par_to_meta', { amount: '10' }, 'amount'],
    ['/gx/Premium_To_Par', { points: 500.5 }, 'points'],
    ['/gx/transfer_par_off', { amount: 5, destination: '0x' + 'ab'.repeat(20) }, 'amount'],
    ['/gx/transfer_par_off', { amount: 20, destination: 'my friend' }, 'destination'],
  ])('%s refuses bad input %j with 400 and changes nothing', async (path, body, field) => {
    const u = await funded(10_000, 1_000);
    const before = await balances(u);
    const res = await call(path, u, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await balances(u)).toEqual(before);
  });

  it('insufficient balance fails closed', async () => {
    const u = await funded(1_000);
    const res = await call('/gx/tranfer_par_to_meta', u, { amount: 10.01 });
    expect(res.statusCode).toBe(422);
    expect(await balances(u)).toEqual({ par: 10, meta: 0, premium: 0 });
  });

  it("never reads or moves another user's money or history", async () => {
    const alice = await funded(1_000);
    const bob = await funded(9_900);
    for (const [path, body] of [
      ['/gx/Userdata', { user_id: bob.userName }],
      ['/gx/tranfer_par_to_meta', { user_id: bob.userName, amount: 1 }],
      ['/gx/Premium_To_Par', { user_id: bob.userName, points: 500 }],
      ['/gx/transfer_par_off', { user_id: bob.userName, amount: 10, destination: '0x' + 'cd'.repeat(20) }],
    ] as const) {
      const res = await call(path, alice, body);
      expect(res.statusCode, path).toBe(403);
    }
    const history = await ctx().app.inject({ method: 'POST', url: `/api/gx/SelTransactionPayment?userId=${bob.userName}`, headers: alice.auth });
    expect(history.statusCode).toBe(403);
    expect(await balances(bob)).toEqual({ par: 99, meta: 0, premium: 0 });
    expect((await ctx().app.inject({ method: 'POST', url: '/api/gx/Userdata', payload: {} })).statusCode).toBe(401);
  });

  it('an Idempotency-Key replays the first answer; a different body with the same key is refused', async () => {
    const u = await funded(10_000);
    const key = { 'idempotency-key': `k-${Date.now()}` };
    const first = await call('/gx/tranfer_par_to_meta', u, { amount: 10 }, key);
    const again = await call('/gx/tranfer_par_to_meta', u, { amount: 10 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const different = await call('/gx/tranfer_par_to_meta', u, { amount: 11 }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await balances(u)).toEqual({ par: 90, meta: 10, premium: 0 });
  });

  it('50 concurrent replays of one Idempotency-Key produce one effect and the same answer', async () => {
    const u = await funded(10_000);
    const key = { 'idempotency-key': `burst-${Date.now()}` };
    const results = await Promise.all(Array.from({ length: 50 }, () => call('/gx/transfer_par_off', u, { amount: 60, destination: '0x' + 'ef'.repeat(20) }, key)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201), codes.join(',')).toBe(true);
    const payoutIds = new Set(results.map((r) => r.json().data.payout.id));
    expect(payoutIds.size).toBe(1);
    expect(await balances(u)).toMatchObject({ par: 40 });
    await expectLedgerConsistent(ctx().db);
  });

  it('many members moving money at once all succeed: shared system accounts are no bottleneck or deadlock', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => funded(10_000)));
    const results = await Promise.all(members.flatMap((m) => Array.from({ length: 5 }, () => call('/gx/tranfer_par_to_meta', m, { amount: 1 }))));
    expect(results.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
    for (const m of members) expect(await balances(m)).toEqual({ par: 95, meta: 5, premium: 0 });
    await expectLedgerConsistent(ctx().db);
  });

  it('concurrent spends cannot overdraw: 20 transfers of 10 from a balance of 55 leave exactly 5 par', async () => {
    const u = await funded(5_500);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('/gx/tranfer_par_to_meta', u, { amount: 10 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(15);
    expect(await balances(u)).toEqual({ par: 5, meta: 50, premium: 0 });
    await expectLedgerConsistent(ctx().db);
  });
  it('a transfer is one statement on PostgreSQL (a few on SQLite); the Idempotency-Key adds one; a replay rolls its attempt back and reads the answer', async () => {
    const statements: string[] = [];
    const counting = ctx().handle.reopen((s) => statements.push(s));
    const app = await buildApp({ config: ctx().config, db: counting, logger: false });
    const u = await funded(10_000);
    const transfer = async (headers: Record<string, string> = {}) => {
      statements.length = 0;
      const res = await app.inject({ method: 'POST', url: '/api/gx/tranfer_par_to_meta', headers: { ...u.auth, ...headers }, payload: { amount: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      return statements.filter((s) => !/auth_session/.test(s));
    };
    // begin + one statement + commit on PostgreSQL; SQLite's statements cost no round trip. The
    // key is recorded with the answer as the last write; a replay's attempt finds it taken there,
    // rolls back, and reads the stored answer.
    const [plain, keyed, replayed] = ctx().dialect === 'postgres' ? [3, 4, 5] : [6, 7, 8];
    const key = { 'idempotency-key': `budget-${Date.now()}` };
    await transfer(); // the first one also looks up the account ids, which are then cached
    const alone = await transfer();
    expect(alone.length, alone.join('\n')).toBeLessThanOrEqual(plain);
    const first = await transfer(key);
    expect(first.length, first.join('\n')).toBeLessThanOrEqual(keyed);
    const again = await transfer(key);
    expect(again.length, again.join('\n')).toBeLessThanOrEqual(replayed);
    expect(await balances(u)).toEqual({ par: 97, meta: 3, premium: 0 });
    await app.close();
    await counting.close();
  });
});
