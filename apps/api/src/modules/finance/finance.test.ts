import { SANDBOX_CARDS, type DailyFinance, type Reconciliation, type TrialBalance } from '@parmeta/contracts';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { freshIp } from '../../../test/auth-helpers.js';
import { describeEachDb } from '../../../test/helpers.js';
import { creditPoints } from '../../../test/ledger-helpers.js';
import { quickAdmin, quickUsers } from '../../../test/quick-users.js';
import { SHIPPING } from '../../../test/shop-helpers.js';
import { Ledger } from '../ledger/ledger.js';
import { SandboxGateway } from '../payments/sandbox-gateway.js';

const CARD = { expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Card Holder' };
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;
/** Minor units of a major amount (exact for the 2-decimal amounts these tests use). */
const minor = (major: number) => Math.round(major * 100);

describeEachDb(
  'finance in the admin',
  (ctx) => {
    type U = { auth: Record<string, string>; userName: string; id: number };
    const call = (path: string, u: U | null, payload: object = {}, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: { ...(u?.auth ?? {}), ...headers }, payload });
    const ok = async <T>(path: string, u: U, payload: object = {}, headers: Record<string, string> = {}): Promise<T> => {
      const res = await call(path, u, payload, headers);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
      return res.json().data as T;
    };
    const cardToken = async (number: string = SANDBOX_CARDS.success) => (await ctx().app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number } })).json().data.token as string;
    const product = () => ctx().db.kysely.selectFrom('product').select(['id', 'price']).where('stock', '>=', 5).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const platformNft = async (skip: number) =>
      ctx().db.kysely.selectFrom('nft_item').select(['id', 'price']).where('owner_id', 'is', null).where('listed', '=', 1).orderBy('price').offset(skip).limit(1).executeTakeFirstOrThrow();
    const order = async (u: U, payment: { method: 'par' } | { method: 'card'; cardToken: string }) => {
      const p = await product();
      const created = await ok<{ orderNo: string; total: number }>('/ecommerce/CreateEcomOrder', u, { list: [{ id: p.id, qty: 1 }], shipping: SHIPPING });
      await ok('/ecommerce/paid_order', u, { orderNo: created.orderNo, ...payment });
      return created;
    };
    const trialBalance = (a: U, at?: number) => ok<TrialBalance>('/admin/finance/trial-balance', a, at === undefined ? {} : { at });
    const line = (tb: TrialBalance, asset: 'par' | 'meta' | 'premium', account: string) => tb.assets.find((s) => s.asset === asset)!.lines.find((l) => l.account === account)!;
    const auditCount = async () => Number((await ctx().db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const fee = (priceMinor: number) => Math.floor((priceMinor * 250) / 10_000);

    // What the trading below leaves, checked by the next tests.
    let admin: U;
    let buyer: U;
    let cardBuyer: U;
    let before = 0;
    const expected = { shopPar: 0, shopCard: 0, nftPar: 0, nftCard: 0, payoutPaid: 0, payoutPending: 0 };

    it('refuses members (403) and visitors (401) on every finance call, and bad input with a 400 that names the field', async () => {
      admin = await quickAdmin(ctx().db, ctx().config);
      const [member] = await quickUsers(ctx().db, ctx().config, 1);
      const audits = await auditCount();
      for (const path of ['/admin/finance/trial-balance', '/admin/finance/daily', '/admin/finance/reconciliation', '/admin/finance/journal/export']) {
        expect((await call(path, member!, { from: '2025-01-01', to: '2025-01-02' })).statusCode, path).toBe(403);
        expect((await call(path, null, { from: '2025-01-01', to: '2025-01-02' })).statusCode, path).toBe(401);
      }
      const bad: [string, object, string][] = [
        ['/admin/finance/trial-balance', { at: 'yesterday' }, 'at'],
        ['/admin/finance/trial-balance', { at: -1 }, 'at'],
        ['/admin/finance/trial-balance', { asset: 'par' }, 'body'],
        ['/admin/finance/daily', { from: '2025-02-30', to: '2025-03-01' }, 'from'],
        ['/admin/finance/daily', { from: '2025-03-02', to: '2025-03-01' }, 'to'],
        ['/admin/finance/daily', { from: '2024-01-01', to: '2025-01-02' }, 'to'],
        ['/admin/finance/daily', { to: '2025-03-01' }, 'from'],
        ['/admin/finance/journal/export', { from: '1 March', to: '2025-03-01' }, 'from'],
        ['/admin/finance/journal/export', { from: '2025-03-02', to: '2025-03-01' }, 'to'],
        ['/admin/finance/reconciliation', { everything: true }, 'body'],
      ];
      for (const [path, body, field] of bad) {
        const res = await call(path, admin, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), `${path} ${JSON.stringify(body)}`).toContain(field);
      }
      // Refused exports are not recorded as exports.
      expect(await auditCount()).toBe(audits);
    });

    it('a trial balance of every account kind sums to zero per asset, now and at any moment, after a day of trading', async () => {
      before = Date.now() - 1;
      expect((await trialBalance(admin, before)).balanced).toBe(true);
      const two = await quickUsers(ctx().db, ctx().config, 2, 0);
      [buyer, cardBuyer] = [two[0]!, two[1]!];
      // Par by card, through the app's own top-up.
      const payment = (await ok<{ accessToken: string }>('/gx/AuthToken', buyer)).accessToken;
      await ok('/gx/GenerateOrderFiat', buyer, { type: 'topup', amount: 300, cardToken: await cardToken() }, { 'x-payment-token': payment });
      const afterTopUp = Date.now();
      await new Promise((r) => setTimeout(r, 5));

      expected.shopPar = minor((await order(buyer, { method: 'par' })).total);
      expected.shopCard = minor((await order(cardBuyer, { method: 'card', cardToken: await cardToken() })).total);
      // Paid and cancelled on the same day: no revenue that day, the par back.
      const cancelled = await order(buyer, { method: 'par' });
      await ok(`/ecommerce/CancelOrderEcom?orderNo=${cancelled.orderNo}`, buyer);

      const nft = await platformNft(0);
      const reserved = await ok<{ orderNo: string }>('/gx/GenerateOrderNft', buyer, { nftId: nft.id });
      await ok('/gx/confirmOrdernft', buyer, { orderNo: reserved.orderNo });
      expected.nftPar = nft.price;
      const byCard = await platformNft(0);
      const token = (await ok<{ accessToken: string }>('/gx/AuthToken', cardBuyer)).accessToken;
      await ok('/gx/GenerateOrderFiat', cardBuyer, { type: 'nft', nftId: byCard.id, cardToken: await cardToken() }, { 'x-payment-token': token });
      expected.nftCard = byCard.price;

      await ok('/gx/tranfer_par_to_meta', buyer, { amount: 10 });
      await creditPoints(ctx().db, buyer.id, 1_000);
      await ok('/gx/Premium_To_Par', buyer, { points: 500 });
      const withdraw = (amount: number) => ok<{ payout: { id: number } }>('/gx/transfer_par_off', buyer, { amount, destination: `0x${'ab'.repeat(20)}` });
      await withdraw(20);
      await ok('/admin/payouts/complete', admin, { id: (await withdraw(15)).payout.id });
      await ok('/admin/payouts/fail', admin, { id: (await withdraw(12)).payout.id, reason: 'Bank said "no", account closed' });
      expected.payoutPaid = 15_00;
      expected.payoutPending = 20_00;

      const now = await trialBalance(admin);
      expect(now.balanced, JSON.stringify(now)).toBe(true);
      expect(now.at).toBeNull();
      for (const a of now.assets) {
        expect(a.total, a.asset).toBe(0);
        expect(a.debits, a.asset).toBe(a.credits);
        expect(a.balanced, a.asset).toBe(true);
        expect(a.memberBalances, a.asset).toBe(line(now, a.asset, 'members').balance);
      }
      const nftFees = fee(expected.nftPar) + fee(expected.nftCard);
      expect(line(now, 'par', 'shop_revenue').balance).toBe(expected.shopPar / 100);
      expect(line(now, 'par', 'fees').balance).toBe(nftFees / 100);
      expect(line(now, 'par', 'nft_sales').balance).toBe((expected.nftPar + expected.nftCard - nftFees) / 100);
      expect(line(now, 'par', 'payouts').balance).toBe(20);
      expect(line(now, 'par', 'meta_bridge').balance).toBe(10);
      expect(line(now, 'par', 'conversion').balance).toBe(-5);
      expect(line(now, 'meta', 'members').balance).toBe(10);
      expect(line(now, 'meta', 'meta_bridge').balance).toBe(-10);
      // Gateway clearing: card money in (debits), payouts paid out (a credit), each named.
      const clearing = line(now, 'par', 'gateway_clearing');
      expect(clearing.balance).toBe((-300_00 - expected.nftCard + 15_00) / 100);
      expect(clearing.parts).toEqual(
        expect.arrayContaining([
          { kind: 'topup', label: 'Card top-ups', amount: -300 },
          { kind: 'nft_purchase', label: 'NFT purchases', amount: -expected.nftCard / 100 },
          { kind: 'payout_completed', label: 'Payouts paid out', amount: 15 },
        ]),
      );
      // Members hold what their accounts say.
      const balances = await Promise.all([buyer, cardBuyer].map(async (u) => (await ok<{ balances: { par: number; premium: number } }>('/gx/Userdata', u)).balances));
      expect(line(now, 'par', 'members').balance).toBeCloseTo(balances[0]!.par + balances[1]!.par, 2);
      expect(line(now, 'premium', 'members').balance).toBe(balances[0]!.premium + balances[1]!.premium);
      expect(line(now, 'premium', 'premium_issuance').balance).toBe(-(balances[0]!.premium + balances[1]!.premium));

      // As at a moment: only what was recorded by then.
      const early = await trialBalance(admin, afterTopUp);
      expect(early.balanced).toBe(true);
      expect(early.at).toBe(afterTopUp);
      expect(line(early, 'par', 'members').balance).toBe(300);
      expect(line(early, 'par', 'gateway_clearing').balance).toBe(-300);
      expect(line(early, 'par', 'shop_revenue').balance).toBe(0);
      expect(early.assets.every((a) => a.memberBalances === null)).toBe(true);
      const empty = await trialBalance(admin, before);
      expect(empty.assets.flatMap((a) => a.lines).every((l) => l.balance === 0 && l.parts.length === 0)).toBe(true);
    });

    it('daily figures: revenue, fees, top-ups and payouts per UTC day, every day of the range listed', async () => {
      const today = Date.now();
      const daily = await ok<DailyFinance>('/admin/finance/daily', admin, { from: day(today - 2 * DAY), to: day(today + DAY) });
      expect(daily.days.map((d) => d.day)).toEqual([day(today - 2 * DAY), day(today - DAY), day(today), day(today + DAY)]);
      const nftFees = fee(expected.nftPar) + fee(expected.nftCard);
      expect(daily.totals).toEqual({
        revenue: (expected.shopPar + expected.shopCard + expected.nftPar + expected.nftCard - nftFees) / 100,
        fees: nftFees / 100,
        topups: 300,
        payouts: 15,
      });
      const sum = (k: 'revenue' | 'fees' | 'topups' | 'payouts') => daily.days.reduce((s, d) => s + minor(d[k]), 0) / 100;
      for (const k of ['revenue', 'fees', 'topups', 'payouts'] as const) expect(sum(k), k).toBe(daily.totals[k]);
      const long = await ok<DailyFinance>('/admin/finance/daily', admin, { from: '2024-01-01', to: '2024-12-31' });
      expect(long.days).toHaveLength(366);
      expect(long.totals).toEqual({ revenue: 0, fees: 0, topups: 0, payouts: 0 });
    });

    it('the journal exports as CSV for a range of days, one row per posting, each entry summing to zero; the export is audited', async () => {
      const today = Date.now();
      const range = { from: day(today - DAY), to: day(today + DAY) };
      const audits = await auditCount();
      const res = await call('/admin/finance/journal/export', admin, range);
      expect(res.statusCode, res.body).toBe(200);
      const { filename, rows, csv } = res.json().data as { filename: string; rows: number; csv: string };
      expect(filename).toBe(`journal-${range.from}-to-${range.to}.csv`);
      const postings = Number((await ctx().db.kysely.selectFrom('posting').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(rows).toBe(postings);
      const records = parse(csv, { columns: true }) as Record<string, string>[];
      expect(Object.keys(records[0]!)).toEqual(['entry_id', 'time_utc', 'kind', 'reference', 'memo', 'account', 'asset', 'amount']);
      expect(records).toHaveLength(rows);
      const sums = new Map<string, number>();
      for (const r of records) sums.set(`${r.entry_id}:${r.asset}`, (sums.get(`${r.entry_id}:${r.asset}`) ?? 0) + minor(Number(r.amount)));
      expect([...sums].filter(([, v]) => v !== 0), csv).toEqual([]);
      expect(records.find((r) => r.kind === 'payout_failed')?.memo).toBe('Withdrawal failed: Bank said "no", account closed');
      expect(records.some((r) => r.account === `member:${buyer.userName}` && r.kind === 'topup' && r.amount === '300.00')).toBe(true);
      expect(records.some((r) => r.account === 'gateway_clearing' && r.kind === 'payout_completed' && r.amount === '15.00')).toBe(true);
      expect(await auditCount()).toBe(audits + 1);
      const log = (await ok<{ items: { action: string; target: string; after: unknown; admin: string }[] }>('/admin/audit/list', admin)).items[0]!;
      expect(log).toMatchObject({ action: 'journal.export', target: `journal:${range.from}..${range.to}`, admin: admin.userName, after: { from: range.from, to: range.to, rows } });
      // A range with nothing in it: the header alone.
      const none = await ok<{ rows: number; csv: string }>('/admin/finance/journal/export', admin, { from: '2020-01-01', to: '2020-01-31' });
      expect(none.rows).toBe(0);
      expect(none.csv.trim()).toBe('entry_id,time_utc,kind,reference,memo,account,asset,amount');
    });

    it('reconciliation finds nothing when the books and the gateway agree, and names each record without a match', async () => {
      const clean = await ok<Reconciliation>('/admin/finance/reconciliation', admin);
      expect(clean.items, JSON.stringify(clean.items)).toEqual([]);
      expect(clean.truncated).toBe(false);
      // The top-up, the card order, the NFT bought by card (two cards' worth of quick-user top-ups have no par).
      expect(clean.checked).toMatchObject({ charges: 3, refunds: 0, cardPayments: 3, gatewayEntries: 2 });

      // A cancelled card order is refunded at the gateway: still nothing to report.
      const refunded = await order(cardBuyer, { method: 'card', cardToken: await cardToken() });
      await ok(`/ecommerce/CancelOrderEcom?orderNo=${refunded.orderNo}`, cardBuyer);
      expect((await ok<Reconciliation>('/admin/finance/reconciliation', admin)).items).toEqual([]);

      const db = ctx().db;
      const gateway = new SandboxGateway(db);
      const problems = async () => (await ok<Reconciliation>('/admin/finance/reconciliation', admin)).items.map((i) => `${i.side} ${i.problem} ${i.reference}`);
      // The gateway's side: a charge no order of ours has, and a refund of a payment that stands.
      const ghost = await gateway.charge({ token: await cardToken(), amount: 999, currency: 'USD', reference: 'ORD-GHOST-000001', idempotencyKey: 'test:ghost' });
      expect(ghost.status).toBe('succeeded');
      const standing = await db.kysely.selectFrom('shop_order').select(['order_no', 'charge_id', 'total']).where('payment_method', '=', 'card').where('status', '=', 'paid').executeTakeFirstOrThrow();
      await gateway.refund({ chargeId: standing.charge_id!, amount: 100, idempotencyKey: 'test:stray-refund' });
      // Our side: a top-up entry no card payment stands behind, and a card payment marked refunded that the gateway did not refund.
      await db.kysely.transaction().execute((trx) =>
        new Ledger(db.dialect).post(trx, { kind: 'topup', reference: 'TOP-NOWHERE-000001', memo: 'not from the gateway', postings: [{ account: { system: 'gateway_clearing' }, asset: 'par', amount: -500 }, { account: { user: buyer.id }, asset: 'par', amount: 500 }] }),
      );
      const nftPayment = await db.kysely.selectFrom('fiat_order').select(['order_no']).where('type', '=', 'nft').where('status', '=', 'paid').executeTakeFirstOrThrow();
      await db.kysely.updateTable('fiat_order').set({ refunded_at: Date.now() }).where('order_no', '=', nftPayment.order_no).execute();
      expect((await problems()).sort()).toEqual(
        [`books entry_unmatched TOP-NOWHERE-000001`, `books refund_missing ${nftPayment.order_no}`, `gateway charge_unmatched ORD-GHOST-000001`, `gateway refund_unmatched ${standing.order_no}`].sort(),
      );

      // A paid card order whose charge the gateway does not have, and one it charged differently.
      await db.kysely.updateTable('shop_order').set({ charge_id: 'ch_not_at_the_gateway' }).where('order_no', '=', standing.order_no).execute();
      const items = (await ok<Reconciliation>('/admin/finance/reconciliation', admin)).items;
      expect(items).toContainEqual(expect.objectContaining({ side: 'books', problem: 'charge_missing', reference: standing.order_no, chargeId: 'ch_not_at_the_gateway', amount: standing.total / 100 }));
      // Its real charge is now used by nothing: the gateway kept money our books do not explain.
      expect(items).toContainEqual(expect.objectContaining({ side: 'gateway', problem: 'charge_unmatched', reference: standing.order_no, chargeId: standing.charge_id }));
      const topup = await db.kysely.selectFrom('fiat_order').select(['order_no', 'charge_id']).where('type', '=', 'topup').where('status', '=', 'paid').orderBy('id').executeTakeFirstOrThrow();
      await db.kysely.updateTable('gateway_charge').set({ amount: 1 }).where('id', '=', topup.charge_id!).execute();
      const differing = (await ok<Reconciliation>('/admin/finance/reconciliation', admin)).items.filter((i) => i.reference === topup.order_no).map((i) => i.problem);
      expect(differing.sort()).toEqual(['amount_differs', 'entry_unmatched']);
    });
  },
  {},
  { seed: true },
);
