import { SANDBOX_CARDS } from '@parmeta/contracts';
import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser } from '../../../test/auth-helpers.js';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', holderName: 'Ada Lovelace' };

describeEachDb('saved cards and the sandbox gateway', (ctx) => {
  const tokenize = (body: object) => ctx().app.inject({ method: 'POST', url: '/api/gateway/tokenize', payload: body, remoteAddress: freshIp() });
  const call = (path: string, auth: Record<string, string>, payload: object) => ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: auth, payload });
  type User = Awaited<ReturnType<typeof signedInUser>>;
  const addCard = async (u: User, number = CARD.number, extra: object = {}) => {
    const tok = await tokenize({ ...CARD, number });
    expect(tok.statusCode, tok.body).toBe(200);
    const res = await call('/user/add_card', u.auth, { user_id: u.userName, token: tok.json().data.token, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { card_id: number; isDefault: boolean; brand: string; last4: string };
  };
  const list = async (u: User) => (await call('/user/search_all_card', u.auth, { user_id: u.userName })).json().data as { card_id: number; isDefault: boolean }[];

  it('tokenizes at the gateway and saves brand, last 4 and expiry; one default card at all times', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const visa = await addCard(u);
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, holderName: 'Ada Lovelace', isDefault: true });
    const mc = await addCard(u, SANDBOX_CARDS.successMastercard);
    expect(mc).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const changed = await call('/user/change_default_card', u.auth, { user_id: u.userName, card_id: mc.card_id });
    expect(changed.json().data.isDefault).toBe(true);
    expect((await list(u)).filter((c) => c.isDefault).map((c) => c.card_id)).toEqual([mc.card_id]);
    await call('/user/del_card', u.auth, { user_id: u.userName, card_id: mc.card_id });
    expect(await list(u)).toEqual([expect.objectContaining({ card_id: visa.card_id, isDefault: true })]);
    const detail = await call('/user/detail', u.auth, { user_id: u.userName });
    expect(detail.json().data.allCard).toEqual([expect.objectContaining({ last4: '4242' })]);
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'number', /not a valid card number/],
    [{ number: '42' }, 'number', /12 to 19 digits/],
    [{ expMonth: 13 }, 'expMonth', /1 to 12/],
    [{ expYear: 2020, expMonth: 1 }, 'expYear', /expired/],
    [{ cvc: '12' }, 'cvc', /3 or 4 digits/],
    [{ holderName: '' }, 'holderName', /required/],
  ])('refuses bad card details at the gateway with 400: %j', async (patch, field, message) => {
    const res = await tokenize({ ...CARD, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toMatch(message);
  });

  it('refuses unknown tokens and a card saved twice, storing nothing', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const bogus = await call('/user/add_card', u.auth, { user_id: u.userName, token: 'tok_not_a_real_token_at_all' });
    expect(bogus.statusCode).toBe(400);
    const tok = (await tokenize(CARD)).json().data.token;
    expect((await call('/user/add_card', u.auth, { user_id: u.userName, token: tok })).statusCode).toBe(201);
    expect((await call('/user/add_card', u.auth, { user_id: u.userName, token: tok })).statusCode).toBe(409);
    expect(await list(u)).toHaveLength(1);
  });

  it("never reads, deletes or changes another user's cards, and cannot save another user's token", async () => {
    const { app, db } = ctx();
    const alice = await signedInUser(app, db, 'alice');
    const bob = await signedInUser(app, db, 'bob');
    const bobCard = await addCard(bob);
    await addCard(bob, SANDBOX_CARDS.successMastercard);
    const before = await list(bob);
    expect((await call('/user/del_card', alice.auth, { user_id: alice.userName, card_id: bobCard.card_id })).statusCode).toBe(404);
    expect((await call('/user/change_default_card', alice.auth, { user_id: alice.userName, card_id: before[1]!.card_id })).statusCode).toBe(404);
    expect((await call('/user/search_all_card', alice.auth, { user_id: bob.userName })).statusCode).toBe(403);
    expect((await call('/user/del_card', alice.auth, { user_id: bob.userName, card_id: bobCard.card_id })).statusCode).toBe(403);
    const bobToken = await db.kysely.selectFrom('user_card').select('gateway_token').where('id', '=', bobCard.card_id).executeTakeFirstOrThrow();
    expect((await call('/user/add_card', alice.auth, { user_id: alice.userName, token: bobToken.gateway_token })).statusCode).toBe(409);
    expect(await list(bob)).toEqual(before);
    expect(await list(alice)).toEqual([]);
  });

  it('never stores or logs the card number or CVC', async () => {
    const { db, config } = ctx();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config, db, logger: { level: 'trace', stream } });
    const number = SANDBOX_CARDS.successMastercard;
    const u = await signedInUser(app, db);
    const tok = await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number, cvc: '9876' } });
    await app.inject({ method: 'POST', url: '/api/user/add_card', headers: u.auth, payload: { user_id: u.userName, token: tok.json().data.token } });
    await app.inject({ method: 'POST', url: '/api/gateway/tokenize', remoteAddress: freshIp(), payload: { ...CARD, number: `${number}0`, cvc: '9876' } });
    await app.close();
    // Random request ids and timestamps may contain any 4 digits by chance: compare the rest.
    const logs = lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { reqId: _r, time: _t, pid: _p, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      })
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(number);
    expect(logs).not.toContain('9876');

    const tables = ['gateway_card', 'gateway_charge', 'user_card', 'mail_outbox', 'throttle', 'app_user'] as const;
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
      const dump = JSON.stringify(rows.rows);
      expect(dump, table).not.toContain(number);
      expect(dump, table).not.toContain(number.slice(0, 12));
    }
  });
});
