import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser, signIn } from '../../../test/auth-helpers.js';
import { SoftAuthenticator } from '../../../test/soft-authenticator.js';

const ORIGIN = 'http://localhost:3000';
const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

/** Every single-use thing used by several requests at the same moment: exactly one wins. */
describeEachDb('sign-in proofs used at the same moment', (ctx) => {
  const call = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });

  async function withTwoStep() {
    const user = await signedInUser(ctx().app, ctx().db, 'race');
    const { secret } = (await call('/auth/two-factor/setup', {}, user.auth)).json().data as { secret: string };
    expect((await call('/auth/two-factor/enable', { code: codeAt(secret) }, user.auth)).statusCode).toBe(200);
    return { ...user, secret };
  }
  const pending = async (userName: string) => ((await signIn(ctx().app, userName)).json().data as { secondStep: { token: string } }).secondStep.token;
  const sessionCount = async (userName: string) => {
    const row = await ctx()
      .db.kysely.selectFrom('auth_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('u.user_name', '=', userName)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('one pending sign-in starts one session, however many ask with it at once', async () => {
    const user = await withTwoStep();
    const before = await sessionCount(user.userName);
    const token = await pending(user.userName);
    const code = codeAt(user.secret, 1);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('/auth/two-factor', { token, code })));
    expect(statuses(answers)).toEqual([200, 401, 401, 401]);
    expect(await sessionCount(user.userName)).toBe(before + 1);
  });

  it('one authenticator code is accepted once by several sign-ins at once', async () => {
    const user = await withTwoStep();
    const before = await sessionCount(user.userName);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => pending(user.userName)));
    // The code that turned the app on was of this step: the next step's code is the one left.
    const code = codeAt(user.secret, 1);
    const answers = await Promise.all(tokens.map((token) => call('/auth/two-factor', { token, code })));
    expect(statuses(answers)).toEqual([200, 401, 401, 401]);
    expect(await sessionCount(user.userName)).toBe(before + 1);
  });

  it('a recovery code used by several sign-ins at once lets one in', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'race');
    const { secret } = (await call('/auth/two-factor/setup', {}, user.auth)).json().data as { secret: string };
    const { recoveryCodes } = (await call('/auth/two-factor/enable', { code: codeAt(secret) }, user.auth)).json().data as { recoveryCodes: string[] };
    const tokens = await Promise.all(Array.from({ length: 4 }, () => pending(user.userName)));
    const answers = await Promise.all(tokens.map((token) => call('/auth/two-factor', { token, recoveryCode: recoveryCodes[0] })));
    expect(statuses(answers)).toEqual([200, 401, 401, 401]);
  });

  it('one signed link message links once', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'race');
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { message } = (await call('/gx/linked_wallet/message', { address: wallet.address, chainId: 1 }, user.auth)).json().data as { message: string };
    const signature = await wallet.signMessage({ message });
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('/gx/linked_wallet/link', { message, signature }, user.auth)));
    expect(statuses(answers)).toEqual([201, 400, 400, 400]);
    expect(await ctx().db.kysely.selectFrom('linked_wallet').select('address').where('address', '=', wallet.address).execute()).toHaveLength(1);
  });

  it('one address linked by two members at once ends with one of them', async () => {
    const [alice, bob] = [await signedInUser(ctx().app, ctx().db, 'ra'), await signedInUser(ctx().app, ctx().db, 'rb')];
    const wallet = privateKeyToAccount(generatePrivateKey());
    const signed = async (auth: Record<string, string>) => {
      const { message } = (await call('/gx/linked_wallet/message', { address: wallet.address, chainId: 1 }, auth)).json().data as { message: string };
      return { message, signature: await wallet.signMessage({ message }) };
    };
    const [forAlice, forBob] = await Promise.all([signed(alice.auth), signed(bob.auth)]);
    const answers = await Promise.all([call('/gx/linked_wallet/link', forAlice, alice.auth), call('/gx/linked_wallet/link', forBob, bob.auth)]);
    expect(statuses(answers)).toEqual([201, 409]);
    expect(await ctx().db.kysely.selectFrom('linked_wallet').select('user_id').where('address', '=', wallet.address).execute()).toHaveLength(1);
  });

  it('one passkey answer signs in once', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'race');
    const authenticator = new SoftAuthenticator('localhost');
    const options = (await call('/auth/passkeys/options', {}, user.auth)).json().data as { challenge: string };
    expect((await call('/auth/passkeys/add', { name: 'Key', response: authenticator.register(options, { origin: ORIGIN }) }, user.auth)).statusCode).toBe(201);
    const login = (await call('/auth/passkey/options')).json().data as { challenge: string };
    const response = authenticator.assert(login, { origin: ORIGIN });
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('/auth/passkey/signin', { response })));
    expect(statuses(answers)).toEqual([200, 401, 401, 401]);
  });
});
