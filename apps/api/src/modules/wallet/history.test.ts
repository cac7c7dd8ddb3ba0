import type { Transaction } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { quickUsers } from '../../../test/quick-users.js';
import { creditPar, creditPoints } from '../../../test/ledger-helpers.js';
import { historyCsv } from './history-csv.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1); // 1 March 2026, 00:00 UTC

describeEachDb('wallet history: filters by type and date, CSV download', (ctx) => {
  type U = { auth: Record<string, string>; userName: string; id: number };
  const post = (url: string, u: U, payload: object = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: u.auth, payload });
  const history = async (u: U, query: string) => {
    const res = await post(`/gx/SelTransactionPayment?userId=${u.userName}${query ? `&${query}` : ''}`, u);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Transaction[]; total: number };
  };
  const csv = (u: U, query = '') => post(`/gx/SelTransactionPayment/csv${query ? `?${query}` : ''}`, u);

  /** A member with one movement of each of four kinds, one a day from 1 March (top-up, par to meta, points, points to par, withdrawal). */
  const member = async () => {
    const [u] = await quickUsers(ctx().db, ctx().config, 1);
    await creditPar(ctx().db, u!.id, 10_000);
    expect((await post('/gx/tranfer_par_to_meta', u!, { amount: 25 })).statusCode).toBe(200);
    await creditPoints(ctx().db, u!.id, 600);
    expect((await post('/gx/Premium_To_Par', u!, { points: 500 })).statusCode).toBe(200);
    expect((await post('/gx/transfer_par_off', u!, { amount: 10, destination: 'DE89370400440532013000' })).statusCode).toBe(201);
    const mine = await ctx()
      .db.kysely.selectFrom('journal_entry')
      .select('id')
      .where('id', 'in', ctx().db.kysely.selectFrom('posting').select('entry_id').where('account_id', 'in', ctx().db.kysely.selectFrom('ledger_account').select('id').where('user_id', '=', u!.id)))
      .orderBy('id')
      .execute();
    for (const [day, { id }] of mine.entries()) await ctx().db.kysely.updateTable('journal_entry').set({ created_at: T0 + day * DAY + 3_600_000 }).where('id', '=', id).execute();
    return u!;
  };

  it('narrows the history to kinds of movement, one or several, in the query or repeated', async () => {
    const u = await member();
    expect((await history(u, '')).total).toBe(5);
    const moves = await history(u, 'type=par_to_meta');
    expect(moves).toMatchObject({ total: 1, items: [{ type: 'par_to_meta', amounts: { par: -25, meta: 25 } }] });
    expect((await history(u, 'type=topup,payout_request')).items.map((t) => t.type)).toEqual(['payout_request', 'topup']);
    expect((await history(u, 'type=topup&type=premium_to_par')).items.map((t) => t.type)).toEqual(['premium_to_par', 'topup']);
    expect((await history(u, 'type=nft_purchase')).total).toBe(0);
  });

  it('narrows the history to a time window, start included and end left out, and pages through what matches', async () => {
    const u = await member();
    const window = await history(u, `from=${T0 + DAY}&to=${T0 + 3 * DAY}`);
    expect(window.items.map((t) => t.type)).toEqual(['points_award', 'par_to_meta']);
    expect((await history(u, `from=${T0 + 4 * DAY}`)).items.map((t) => t.type)).toEqual(['payout_request']);
    expect((await history(u, `to=${T0 + DAY}`)).items.map((t) => t.type)).toEqual(['topup']);
    const paged = await history(u, `type=topup,par_to_meta,points_award,premium_to_par&page=2&pageSize=3`);
    expect(paged).toMatchObject({ total: 4, items: [{ type: 'topup' }] });
  });

  it.each([
    ['type=bogus', 'type.0'],
    ['type=topup,steal', 'type.1'],
    ['from=yesterday', 'from'],
    ['from=-5', 'from'],
    [`from=${T0 + DAY}&to=${T0}`, 'to'],
    [`from=${T0}&to=${T0}`, 'to'],
  ])('refuses a bad filter with 400 naming the field: %s', async (query, field) => {
    const u = await member();
    for (const res of [await post(`/gx/SelTransactionPayment?userId=${u.userName}&${query}`, u), await csv(u, query)]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });

  it('never shows another member’s movements: their history is refused, and the CSV is always the caller’s own', async () => {
    const alice = await member();
    const bob = await member();
    expect((await post(`/gx/SelTransactionPayment?userId=${bob.userName}`, alice)).statusCode).toBe(403);
    const file = (await csv(alice, `userId=${bob.userName}`)).json().data;
    expect(file.rows).toBe(5);
    expect(file.csv).not.toContain(bob.userName);
    expect(file.fileName).toContain(alice.userName);
    expect((await ctx().app.inject({ method: 'POST', url: '/api/gx/SelTransactionPayment/csv' })).statusCode).toBe(401);
  });

  it('downloads the filtered history as CSV: a header, one row per movement, amounts from the member’s side', async () => {
    const u = await member();
    const res = await csv(u, `type=par_to_meta,payout_request`);
    expect(res.statusCode, res.body).toBe(200);
    const { csv: text, rows, truncated, fileName } = res.json().data;
    expect({ rows, truncated }).toEqual({ rows: 2, truncated: false });
    expect(fileName).toMatch(new RegExp(`^parmeta-wallet-${u.userName}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(text.split('\r\n')).toEqual([
      'Date (UTC),Type,Description,Counterparty,Reference,Par,Meta,Premium points',
      expect.stringMatching(/^2026-03-05 01:00:00,Withdrawal requested,Withdrawal to DE89370400440532013000,Withdrawals,PO-\d+,-10\.00,,$/),
      '2026-03-02 01:00:00,Par to meta,Moved par to meta,Metaverse bridge,,-25.00,25.00,',
      '',
    ]);
  });

  it('says when the file stops short of the whole history, newest kept', async () => {
    const u = await member();
    const file = await ctx().app.services.wallet.historyCsv(u.id, u.userName, {}, Date.now(), 3);
    expect({ rows: file.rows, truncated: file.truncated }).toEqual({ rows: 3, truncated: true });
    expect(file.csv).toContain('Withdrawal requested');
    expect(file.csv).not.toContain('Top-up by card');
  });
});

describe('the history CSV', () => {
  const base: Transaction = { id: 1, type: 'payout_request', amounts: { par: -10 }, counterparty: 'Withdrawals', reference: 'PO-1', memo: 'x', createdAt: T0 };

  it('quotes commas, quotes and line breaks, and keeps what a spreadsheet would run as a formula as text', () => {
    const lines = historyCsv([
      { ...base, memo: 'to "my" bank, main' },
      { ...base, memo: '=HYPERLINK("http://evil")', counterparty: '+cmd', reference: '@ref' },
      { ...base, memo: 'two\nlines', amounts: { premium: 500 } },
    ]).split('\r\n');
    expect(lines[1]).toBe('2026-03-01 00:00:00,Withdrawal requested,"to ""my"" bank, main",Withdrawals,PO-1,-10.00,,');
    expect(lines[2]).toBe(`2026-03-01 00:00:00,Withdrawal requested,"'=HYPERLINK(""http://evil"")",'+cmd,'@ref,-10.00,,`);
    expect(lines[3]).toBe('2026-03-01 00:00:00,Withdrawal requested,"two\nlines",Withdrawals,PO-1,,,500');
  });
});
