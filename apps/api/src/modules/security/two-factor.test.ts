import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, PASSWORD, signedInUser, signIn } from '../../../test/auth-helpers.js';
import { quickAdmin } from '../../../test/quick-users.js';
import { SoftAuthenticator } from '../../../test/soft-authenticator.js';

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

describeEachDb(
  'two-step sign-in',
  (ctx) => {
    const call = (url: string, payload: unknown = {}, headers: Record<string, string> = {}, ip = freshIp()) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: ip });

    /** A member with two-step sign-in on; answers the secret and recovery codes. */
    async function withTwoStep(prefix = 'tf') {
      const user = await signedInUser(ctx().app, ctx().db, prefix);
      const setup = await call('/auth/two-factor/setup', {}, user.auth);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, uri, qrCode } = setup.json().data as { secret: string; uri: string; qrCode: string };
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      const enabled = await call('/auth/two-factor/enable', { code: codeAt(secret) }, user.auth);
      expect(enabled.statusCode, enabled.body).toBe(200);
      const { recoveryCodes } = enabled.json().data as { recoveryCodes: string[] };
      return { ...user, secret, recoveryCodes };
    }

    it('turns on with a first code and ten recovery codes, stored hashed and the secret encrypted', async () => {
      const user = await withTwoStep();
      expect(user.recoveryCodes).toHaveLength(10);
      expect(new Set(user.recoveryCodes).size).toBe(10);
      const status = (await call('/auth/two-factor/status', {}, user.auth)).json().data;
      expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
      const stored = await ctx().db.kysely.selectFrom('recovery_code').select('code_hash').execute();
      for (const code of user.recoveryCodes) expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replace('-', ''));
      const row = await ctx().db.kysely.selectFrom('user_totp').select('secret').where('secret', 'like', '%.%').executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(user.secret);
      // A second set-up while it is on is refused.
      expect((await call('/auth/two-factor/setup', {}, user.auth)).statusCode).toBe(409);
    });

    it('a wrong first code does not turn it on', async () => {
      const user = await signedInUser(ctx().app, ctx().db, 'tf');
      const { secret } = (await call('/auth/two-factor/setup', {}, user.auth)).json().data as { secret: string };
      const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
      // 400, not 401, on a signed-in call: a 401 there would read as an expired session.
      const res = await call('/auth/two-factor/enable', { code: wrong }, user.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('code');
      expect((await call('/auth/two-factor/status', {}, user.auth)).json().data.enabled).toBe(false);
      // So the password alone still signs in.
      const plain = await signIn(ctx().app, user.userName);
      expect(plain.json().data.accessToken).toBeDefined();
    });

    it('asks for a code after the password and issues no session before it', async () => {
      const user = await withTwoStep();
      const first = await signIn(ctx().app, user.userName);
      expect(first.statusCode).toBe(200);
      const data = first.json().data as { secondStep: { token: string; expire: number }; accessToken?: unknown; refreshToken?: unknown };
      expect(data.accessToken).toBeUndefined();
      expect(data.refreshToken).toBeUndefined();
      expect(first.headers['set-cookie']).toBeUndefined();
      expect(data.secondStep.expire).toBeGreaterThan(Date.now());
      // The pending token is not an access token.
      expect((await call('/auth/sessions', {}, { authorization: `Bearer ${data.secondStep.token}` })).statusCode).toBe(401);

      // The code of this step was used to turn it on: the next one signs in, once.
      const code = codeAt(user.secret, 1);
      const done = await call('/auth/two-factor', { token: data.secondStep.token, code });
      expect(done.statusCode, done.body).toBe(200);
      const tokens = done.json().data as { accessToken: { token: string }; refreshToken: { token: string } };
      const bearer = { authorization: `Bearer ${tokens.accessToken.token}` };
      const sessions = (await call('/auth/sessions', {}, bearer)).json().data as { current: boolean; method: string; secondFactor: string }[];
      expect(sessions.find((s) => s.current)).toMatchObject({ method: 'password', secondFactor: 'totp' });

      // The pending token is used up, and the code cannot be used again on a new sign-in.
      expect((await call('/auth/two-factor', { token: data.secondStep.token, code: codeAt(user.secret, 1) })).statusCode).toBe(401);
      const next = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      const reused = await call('/auth/two-factor', { token: next.secondStep.token, code });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().msg).toMatch(/used already/);
    });

    it('a mistyped code can be corrected; an expired pending sign-in cannot be finished', async () => {
      const user = await withTwoStep();
      const pending = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      expect((await call('/auth/two-factor', { token: pending.secondStep.token, code: '000000' === codeAt(user.secret, 1) ? '111111' : '000000' })).statusCode).toBe(401);
      expect((await call('/auth/two-factor', { token: pending.secondStep.token, code: codeAt(user.secret, 1) })).statusCode).toBe(200);

      const late = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      await ctx().db.kysely.updateTable('auth_challenge').set({ expires_at: Date.now() - 1 }).where('kind', '=', 'pending_signin').where('used_at', 'is', null).execute();
      const res = await call('/auth/two-factor', { token: late.secondStep.token, code: codeAt(user.secret, -1) });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toMatch(/too long/);
    });

    it('a recovery code signs in once', async () => {
      const user = await withTwoStep();
      const recovery = user.recoveryCodes[3]!;
      const pending = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      const done = await call('/auth/two-factor', { token: pending.secondStep.token, recoveryCode: recovery.toLowerCase() });
      expect(done.statusCode, done.body).toBe(200);
      expect((await call('/auth/two-factor/status', {}, user.auth)).json().data.recoveryCodesLeft).toBe(9);
      const again = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      expect((await call('/auth/two-factor', { token: again.secondStep.token, recoveryCode: recovery })).statusCode).toBe(401);
    });

    it('wrong codes are rate-limited like passwords, per account', async () => {
      const user = await withTwoStep();
      const pending = (await signIn(ctx().app, user.userName)).json().data as { secondStep: { token: string } };
      const good = codeAt(user.secret, 1);
      const wrong = good === '123456' ? '654321' : '123456';
      for (let i = 0; i < 10; i++) expect((await call('/auth/two-factor', { token: pending.secondStep.token, code: wrong })).statusCode).toBe(401);
      const limited = await call('/auth/two-factor', { token: pending.secondStep.token, code: good });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('turning it off needs a current code; bad input names the field', async () => {
      const user = await withTwoStep();
      const badShape = await call('/auth/two-factor/disable', { code: '12ab' }, user.auth);
      expect(badShape.statusCode).toBe(400);
      expect(badShape.json().fields).toHaveProperty('code');
      expect((await call('/auth/two-factor/disable', {}, user.auth)).statusCode).toBe(400);
      expect((await call('/auth/two-factor', { token: 'x'.repeat(30) })).statusCode).toBe(400);
      const good = codeAt(user.secret, 1);
      expect((await call('/auth/two-factor/disable', { code: good === '000000' ? '999999' : '000000' }, user.auth)).statusCode).toBe(400);
      expect((await call('/auth/two-factor/status', {}, user.auth)).json().data.enabled).toBe(true);
      expect((await call('/auth/two-factor/disable', { code: good }, user.auth)).statusCode).toBe(200);
      expect((await call('/auth/two-factor/status', {}, user.auth)).json().data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
      expect((await signIn(ctx().app, user.userName, PASSWORD)).json().data.accessToken).toBeDefined();
    });

    it("one member's codes do nothing for another", async () => {
      const [alice, bob] = [await withTwoStep('tfa'), await withTwoStep('tfb')];
      const pending = (await signIn(ctx().app, bob.userName)).json().data as { secondStep: { token: string } };
      expect((await call('/auth/two-factor', { token: pending.secondStep.token, recoveryCode: alice.recoveryCodes[0]! })).statusCode).toBe(401);
      expect((await call('/auth/two-factor/disable', { code: codeAt(alice.secret, 1) }, bob.auth)).statusCode).toBe(400);
      expect((await call('/auth/two-factor/status', {}, bob.auth)).json().data.enabled).toBe(true);
    });

    it('admins can be required to sign in with a passkey or a code before using the admin area', async () => {
      const admin = await quickAdmin(ctx().db, ctx().config);
      const refused = await ctx().app.inject({ method: 'POST', url: '/api/admin/dashboard', payload: {}, headers: admin.auth });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toMatch(/passkey or turn on two-step/);
      expect((await call('/auth/two-factor/status', {}, admin.auth)).json().data.required).toBe(true);

      // The same admin, signed in with a passkey: allowed.
      const authenticator = new SoftAuthenticator('localhost');
      const options = (await call('/auth/passkeys/options', {}, admin.auth)).json().data as { challenge: string };
      expect((await call('/auth/passkeys/add', { name: 'Key', response: authenticator.register(options, { origin: 'http://localhost:3000' }) }, admin.auth)).statusCode).toBe(201);
      await ctx().db.kysely.updateTable('app_user').set({ email_verified_at: Date.now() }).where('id', '=', admin.id).execute();
      const login = (await call('/auth/passkey/options')).json().data as { challenge: string };
      const signedIn = (await call('/auth/passkey/signin', { response: authenticator.assert(login, { origin: 'http://localhost:3000' }) })).json().data as { accessToken: { token: string }; refreshToken: { token: string } };
      const strong = { authorization: `Bearer ${signedIn.accessToken.token}` };
      expect((await ctx().app.inject({ method: 'POST', url: '/api/admin/dashboard', payload: {}, headers: strong })).statusCode).toBe(200);
      // A renewed token keeps it.
      const renewed = (await call('/auth/refresh', {}, { authorization: `Bearer ${signedIn.refreshToken.token}` })).json().data as { accessToken: { token: string } };
      expect((await ctx().app.inject({ method: 'POST', url: '/api/admin/dashboard', payload: {}, headers: { authorization: `Bearer ${renewed.accessToken.token}` } })).statusCode).toBe(200);
    });
  },
  { REQUIRE_ADMIN_SECOND_FACTOR: 'true' },
);
