import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, latestMailLink, signIn, signUp, signedInUser } from '../../../test/auth-helpers.js';
import { REUSE_GRACE_MS } from './session.service.js';

const WEB = { 'x-requested-with': 'parmeta-web' };

describeEachDb('sign-in, sessions and refresh', (ctx) => {
  const detail = (token: string, userName: string) =>
    ctx().app.inject({ method: 'POST', url: '/api/user/detail', headers: { authorization: `Bearer ${token}` }, payload: { user_id: userName } });
  const refresh = (headers: Record<string, string>) => ctx().app.inject({ method: 'POST', url: '/api/auth/refresh', headers });

  it('answers the whole sign-in result: both tokens with expiry and the user detail, by userName or email', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    for (const login of [user.userName, user.email.toUpperCase()]) {
      const res = await signIn(app, login);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.accessToken.expire - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(data.accessToken.expire - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      expect(data.refreshToken.expire - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
      expect(data.refreshToken.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.user).toMatchObject({ userName: user.userName, email: user.email, memberClass: 'standard', parAmount: 0, role: 'user', address: [], allCard: [] });
      expect(data.user.walletId).toMatch(/^0x/);
    }
  });

  it('refuses wrong passwords and unknown accounts with the same message', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const wrong = await signIn(app, user.userName, 'not the right password at all');
    const unknown = await signIn(app, 'no_such_user_here', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    const bad = await app.inject({ method: 'POST', url: '/api/auth/local/signin', payload: { userName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['userName', 'password']));
  });

  it('throttles after 10 failures per account in 15 minutes, with Retry-After, then lets the owner back in', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    for (let i = 0; i < 10; i++) expect((await signIn(app, user.userName, 'wrong password number ' + i)).statusCode).toBe(401);
    const locked = await signIn(app, user.userName); // even the right password, from a new address
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The window passes: the account is usable again (no permanent lock-out).
    await db.kysely.updateTable('throttle').set({ window_start: Date.now() - 16 * 60_000 }).where('key', 'like', 'signin:user:%').execute();
    expect((await signIn(app, user.userName)).statusCode).toBe(200);
  });

  // 101 password checks: slow on a busy machine, so it gets more time than most tests.
  it('throttles failures per IP across accounts', { timeout: 90_000 }, async () => {
    const { app } = ctx();
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/local/signin', remoteAddress: ip, payload: { userName: `ghost_${i}`, password: 'whatever password here' } });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  const sessionOf = (userName: string) =>
    ctx()
      .db.kysely.selectFrom('auth_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.revoked_at', 's.revoked_reason'])
      .where('u.user_name', '=', userName)
      .orderBy('s.created_at', 'desc')
      .executeTakeFirstOrThrow();

  /** Moves every exchange of the session's tokens this far into the past, as if that time had gone by. */
  const agePastGrace = async () => {
    const { db } = ctx();
    const back = REUSE_GRACE_MS + 1_000;
    await db.kysely.updateTable('refresh_token').set((eb) => ({ rotated_at: eb('rotated_at', '-', back), created_at: eb('created_at', '-', back) })).execute();
  };

  it('rotates the refresh token; reusing a rotated one after the grace window revokes the whole family', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const first = await refresh({ authorization: `Bearer ${user.refreshToken}` });
    expect(first.statusCode).toBe(200);
    const next = first.json().data;
    expect(next.refreshToken.token).not.toBe(user.refreshToken);
    expect((await detail(next.accessToken.token, user.userName)).statusCode).toBe(200);

    await agePastGrace();
    const reuse = await refresh({ authorization: `Bearer ${user.refreshToken}` });
    expect(reuse.statusCode).toBe(401);
    // the thief's reuse kills the legitimate chain too, and its access tokens
    expect((await refresh({ authorization: `Bearer ${next.refreshToken.token}` })).statusCode).toBe(401);
    expect((await detail(next.accessToken.token, user.userName)).statusCode).toBe(401);
    expect((await detail(user.accessToken, user.userName)).statusCode).toBe(401);
  });

  it('a refresh whose answer was lost can be repeated within the grace window; the lost token then works only within it', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const lost = (await refresh({ authorization: `Bearer ${user.refreshToken}` })).json().data;
    // The page was reloaded before the new cookie arrived: the old token comes back.
    const again = await refresh({ authorization: `Bearer ${user.refreshToken}` });
    expect(again.statusCode).toBe(200);
    const kept = again.json().data;
    expect(kept.refreshToken.token).not.toBe(lost.refreshToken.token);
    expect((await detail(kept.accessToken.token, user.userName)).statusCode).toBe(200);
    // One exchange after another, as the browser goes on: the session lives.
    const later = await refresh({ authorization: `Bearer ${kept.refreshToken.token}` });
    expect(later.statusCode).toBe(200);

    // Past the window, the token whose answer was lost is a copy someone else holds.
    await agePastGrace();
    expect((await refresh({ authorization: `Bearer ${lost.refreshToken.token}` })).statusCode).toBe(401);
    expect((await refresh({ authorization: `Bearer ${later.json().data.refreshToken.token}` })).statusCode).toBe(401);
    expect(await sessionOf(user.userName)).toMatchObject({ revoked_reason: 'refresh_reuse' });
  });

  it('an old token comes back within the window after its replacement was used: theft, the family is revoked', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const second = (await refresh({ authorization: `Bearer ${user.refreshToken}` })).json().data;
    // The replacement has been exchanged in turn, so its answer was not lost.
    const third = await refresh({ authorization: `Bearer ${second.refreshToken.token}` });
    expect(third.statusCode).toBe(200);
    expect((await refresh({ authorization: `Bearer ${user.refreshToken}` })).statusCode).toBe(401);
    expect((await refresh({ authorization: `Bearer ${third.json().data.refreshToken.token}` })).statusCode).toBe(401);
  });

  it('the same token sent by two requests at once: both answers work, whichever the browser keeps', async () => {
    const { app, db } = ctx();
    for (const kept of [0, 1]) {
      const user = await signedInUser(app, db);
      const answers = await Promise.all([0, 1].map(() => refresh({ authorization: `Bearer ${user.refreshToken}` })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const tokens = answers.map((r) => r.json().data.refreshToken.token as string);
      expect(tokens[0]).not.toBe(tokens[1]);
      // The browser keeps one cookie, the last answer it read, and goes on with it.
      const next = await refresh({ authorization: `Bearer ${tokens[kept]}` });
      expect(next.statusCode, `kept answer ${kept}`).toBe(200);
      expect((await refresh({ authorization: `Bearer ${next.json().data.refreshToken.token}` })).statusCode).toBe(200);
      expect(await sessionOf(user.userName)).toMatchObject({ revoked_at: null });
    }
  });

  it('refuses expired refresh tokens and garbage', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    await db.kysely.updateTable('refresh_token').set({ expires_at: Date.now() - 1 }).where('rotated_at', 'is', null).execute();
    expect((await refresh({ authorization: `Bearer ${user.refreshToken}` })).statusCode).toBe(401);
    expect((await refresh({ authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    expect((await refresh({})).statusCode).toBe(401);
  });

  it('keeps the web app refresh token in an httpOnly __Host- cookie that needs the custom header', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const res = await signIn(app, user.userName, PASSWORD, WEB);
    expect(res.json().data.refreshToken.token).toBeUndefined();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-parmeta_rt=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = setCookie.split(';')[0]!;

    const forged = await refresh({ cookie });
    expect(forged.statusCode).toBe(403);
    const ok = await refresh({ cookie, ...WEB });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.refreshToken.token).toBeUndefined();
    const rotated = String(ok.headers['set-cookie']).split(';')[0]!;
    expect(rotated).not.toBe(cookie);

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: rotated, ...WEB } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/__Host-parmeta_rt=;/);
    expect((await refresh({ cookie: rotated, ...WEB })).statusCode).toBe(401);
  });

  it('the web app cookie wins over a stale bearer on refresh and sign-out', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const web = await signIn(app, user.userName, PASSWORD, WEB);
    const cookie = String(web.headers['set-cookie']).split(';')[0]!;
    const stale = { authorization: 'Bearer expired.or.garbage' };
    const renewed = await refresh({ cookie, ...WEB, ...stale });
    expect(renewed.statusCode).toBe(200);
    const next = String(renewed.headers['set-cookie']).split(';')[0]!;
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: next, ...WEB, ...stale } });
    expect(out.statusCode).toBe(200);
    expect((await refresh({ cookie: next, ...WEB })).statusCode).toBe(401);
  });

  it('signs out with the access token: the session and its tokens stop working', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    expect((await detail(user.accessToken, user.userName)).statusCode).toBe(401);
    expect((await refresh({ authorization: `Bearer ${user.refreshToken}` })).statusCode).toBe(401);
  });

  it("never accepts a refresh token, a foreign JWT or another user's user_id", async () => {
    const { app, db } = ctx();
    const alice = await signedInUser(app, db, 'alice');
    const bob = await signedInUser(app, db, 'bob');
    expect((await detail(alice.refreshToken, alice.userName)).statusCode).toBe(401);
    const foreign = await new SignJWT({ typ: 'access', un: alice.userName, role: 'admin', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('parmeta')
      .setAudience('parmeta-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await detail(foreign, alice.userName)).statusCode).toBe(401);
    const noAuth = await app.inject({ method: 'POST', url: '/api/user/detail', payload: { user_id: alice.userName } });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json()).toMatchObject({ status: false, code: 'UNAUTHORIZED' });

    const peek = await detail(alice.accessToken, bob.userName);
    expect(peek.statusCode).toBe(403);
    expect(peek.body).not.toContain(bob.email);
    const own = await detail(alice.accessToken, alice.userName.toUpperCase());
    expect(own.json().data.email).toBe(alice.email);
  });

  it('password reset: same answer for unknown emails, single-use link, signs out every session', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const other = await signIn(app, user.userName);
    // Used once before the reset, so the instance has this token's session check in hand.
    expect((await detail(user.accessToken, user.userName)).statusCode).toBe(200);
    const otherRefresh = other.json().data.refreshToken.token as string;
    const ask = (email: string) => app.inject({ method: 'GET', url: `/api/sendgrid/sendemail_resetpassword?email=${encodeURIComponent(email)}`, remoteAddress: freshIp() });
    const known = await ask(user.email);
    expect(known.json()).toEqual((await ask('nobody-at-all@example.test')).json());
    const token = await latestMailLink(db, user.email, 'token');

    const weak = await app.inject({ method: 'POST', url: '/api/sendgrid/Reset_password', payload: { token, password: `${user.userName} is my password` } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toMatch(/user name/);

    const newPassword = 'granite meadow falcon 77 rain';
    const ok = await app.inject({ method: 'POST', url: '/api/sendgrid/Reset_password', payload: { token, password: newPassword } });
    expect(ok.statusCode).toBe(200);
    const reused = await app.inject({ method: 'POST', url: '/api/sendgrid/Reset_password', payload: { token, password: 'another fine passphrase 9' } });
    expect(reused.statusCode).toBe(422);

    expect((await detail(user.accessToken, user.userName)).statusCode).toBe(401);
    expect((await refresh({ authorization: `Bearer ${otherRefresh}` })).statusCode).toBe(401);
    expect((await signIn(app, user.userName)).statusCode).toBe(401);
    expect((await signIn(app, user.userName, newPassword)).statusCode).toBe(200);
  });

  it('a reset link expires after one hour', async () => {
    const { app, db } = ctx();
    const user = await signUp(app);
    await app.inject({ method: 'GET', url: `/api/sendgrid/sendemail_resetpassword?email=${user.email}`, remoteAddress: freshIp() });
    const token = await latestMailLink(db, user.email, 'token');
    await db.kysely.updateTable('email_token').set({ expires_at: Date.now() - 1 }).where('purpose', '=', 'reset').execute();
    const res = await app.inject({ method: 'POST', url: '/api/sendgrid/Reset_password', payload: { token, password: 'granite meadow falcon 77 rain' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/expired/);
  });
});
