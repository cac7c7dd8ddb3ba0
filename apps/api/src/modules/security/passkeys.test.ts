import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser } from '../../../test/auth-helpers.js';
import { SoftAuthenticator } from '../../../test/soft-authenticator.js';

const ORIGIN = 'http://localhost:3000';

describeEachDb('passkeys', (ctx) => {
  const call = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });

  async function addPasskey(auth: Record<string, string>, authenticator: SoftAuthenticator, name = 'Laptop') {
    const options = (await call('/auth/passkeys/options', {}, auth)).json().data as { challenge: string; rp: { id: string }; authenticatorSelection: Record<string, unknown> };
    return call('/auth/passkeys/add', { name, response: authenticator.register(options, { origin: ORIGIN }) }, auth);
  }
  const signInOptions = async () => (await call('/auth/passkey/options')).json().data as { challenge: string; userVerification: string };

  it('adds a passkey (discoverable, user verification required), lists it and signs in with it', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'pk');
    const options = (await call('/auth/passkeys/options', {}, user.auth)).json().data as { rp: { id: string }; authenticatorSelection: { residentKey: string; userVerification: string } };
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const authenticator = new SoftAuthenticator('localhost');
    const added = await addPasskey(user.auth, authenticator, 'My laptop');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ name: 'My laptop', lastUsedAt: null });

    const login = await signInOptions();
    expect(login.userVerification).toBe('required');
    const res = await call('/auth/passkey/signin', { response: authenticator.assert(login, { origin: ORIGIN }) }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { accessToken: { token: string }; refreshToken: { token: string }; user: { userName: string } };
    expect(data.user.userName).toBe(user.userName);
    expect(data.refreshToken.token).toBeTruthy();

    // The same session shape as a password sign-in: the token works, the refresh token renews.
    const bearer = { authorization: `Bearer ${data.accessToken.token}` };
    const listed = (await call('/auth/passkeys', {}, bearer)).json().data as { name: string; lastUsedAt: number | null }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.lastUsedAt).toBeGreaterThan(0);
    const renewed = await call('/auth/refresh', {}, { authorization: `Bearer ${data.refreshToken.token}` });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const sessions = (await call('/auth/sessions', {}, bearer)).json().data as { method: string; device: string; current: boolean }[];
    expect(sessions.find((s) => s.current)).toMatchObject({ method: 'passkey', device: 'Chrome on Linux' });
  });

  it('refuses a replayed challenge, a wrong origin, an old counter, no user verification and an unknown passkey', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'pk');
    const authenticator = new SoftAuthenticator('localhost');
    expect((await addPasskey(user.auth, authenticator)).statusCode).toBe(201);

    const login = await signInOptions();
    const first = authenticator.assert(login, { origin: ORIGIN });
    expect((await call('/auth/passkey/signin', { response: first })).statusCode).toBe(200);
    // The same answer again, and a new signature over the same challenge: the challenge is used up.
    const replay = await call('/auth/passkey/signin', { response: first });
    expect(replay.statusCode).toBe(401);
    const again = await call('/auth/passkey/signin', { response: authenticator.assert(login, { origin: ORIGIN }) });
    expect(again.statusCode).toBe(401);
    expect(again.json().msg).toMatch(/used already/);

    const wrongOrigin = await call('/auth/passkey/signin', { response: authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }) });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json().msg).toMatch(/another site/);

    // A counter that does not move on means a copied key.
    const stale = await call('/auth/passkey/signin', { response: authenticator.assert(await signInOptions(), { origin: ORIGIN, counter: 1 }) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toMatch(/counter/);

    const noUv = await call('/auth/passkey/signin', { response: authenticator.assert(await signInOptions(), { origin: ORIGIN, userVerified: false }) });
    expect(noUv.statusCode).toBe(401);

    const stranger = new SoftAuthenticator('localhost');
    const unknown = await call('/auth/passkey/signin', { response: stranger.assert(await signInOptions(), { origin: ORIGIN }) });
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses a registration for another origin, without user verification, or with a challenge made for someone else', async () => {
    const [alice, bob] = [await signedInUser(ctx().app, ctx().db, 'pka'), await signedInUser(ctx().app, ctx().db, 'pkb')];
    const options = (await call('/auth/passkeys/options', {}, alice.auth)).json().data as { challenge: string };
    const authenticator = new SoftAuthenticator('localhost');
    // Refusals on a signed-in call are 400 naming the field (a 401 would read as an expired session).
    const wrongOrigin = await call('/auth/passkeys/add', { name: 'x', response: authenticator.register(options, { origin: 'https://evil.example' }) }, alice.auth);
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toMatchObject({ msg: 'This passkey answer was made for another site.', fields: { response: 'was refused' } });
    const options2 = (await call('/auth/passkeys/options', {}, alice.auth)).json().data as { challenge: string };
    expect((await call('/auth/passkeys/add', { name: 'x', response: authenticator.register(options2, { origin: ORIGIN, userVerified: false }) }, alice.auth)).statusCode).toBe(400);
    // Alice's challenge is no good for Bob.
    const options3 = (await call('/auth/passkeys/options', {}, alice.auth)).json().data as { challenge: string };
    const stolen = await call('/auth/passkeys/add', { name: 'x', response: authenticator.register(options3, { origin: ORIGIN }) }, bob.auth);
    expect(stolen.statusCode).toBe(400);
    expect((await call('/auth/passkeys', {}, alice.auth)).json().data).toEqual([]);
    expect((await call('/auth/passkeys', {}, bob.auth)).json().data).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'pk');
    const authenticator = new SoftAuthenticator('localhost');
    expect((await addPasskey(user.auth, authenticator)).statusCode).toBe(201);
    const login = await signInOptions();
    await ctx().db.kysely.updateTable('auth_challenge').set({ expires_at: Date.now() - 1 }).where('value', '=', login.challenge).execute();
    const res = await call('/auth/passkey/signin', { response: authenticator.assert(login, { origin: ORIGIN }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/expired/);
  });

  it('validates input and keeps each member to their own passkeys', async () => {
    const [alice, bob] = [await signedInUser(ctx().app, ctx().db, 'pka'), await signedInUser(ctx().app, ctx().db, 'pkb')];
    const authenticator = new SoftAuthenticator('localhost');
    const added = (await addPasskey(alice.auth, authenticator)).json().data as { id: number };

    const noName = await call('/auth/passkeys/add', { name: ' ', response: authenticator.register({ challenge: 'x' }, { origin: ORIGIN }) }, alice.auth);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');
    const junk = await call('/auth/passkey/signin', { response: { id: 'not base64!', type: 'public-key' } });
    expect(junk.statusCode).toBe(400);
    expect((await call('/auth/passkeys/remove', { id: 'one' }, alice.auth)).statusCode).toBe(400);
    expect((await call('/auth/passkeys', {})).statusCode).toBe(401);

    // Bob can neither see nor remove Alice's passkey.
    expect((await call('/auth/passkeys', {}, bob.auth)).json().data).toEqual([]);
    expect((await call('/auth/passkeys/remove', { id: added.id }, bob.auth)).statusCode).toBe(404);
    expect((await call('/auth/passkeys', {}, alice.auth)).json().data).toHaveLength(1);

    expect((await call('/auth/passkeys/remove', { id: added.id }, alice.auth)).statusCode).toBe(200);
    expect((await call('/auth/passkeys', {}, alice.auth)).json().data).toEqual([]);
    // A removed passkey no longer signs in.
    const res = await call('/auth/passkey/signin', { response: authenticator.assert(await signInOptions(), { origin: ORIGIN }) });
    expect(res.statusCode).toBe(401);
  });

  it('adding the same passkey twice is refused', async () => {
    const user = await signedInUser(ctx().app, ctx().db, 'pk');
    const authenticator = new SoftAuthenticator('localhost');
    const first = await addPasskey(user.auth, authenticator);
    expect(first.statusCode, first.body).toBe(201);
    expect((await addPasskey(user.auth, authenticator)).statusCode).toBe(409);
  });
});

describe('soft authenticator', () => {
  it('makes distinct credentials', () => {
    expect(new SoftAuthenticator('localhost').id).not.toBe(new SoftAuthenticator('localhost').id);
  });
});
