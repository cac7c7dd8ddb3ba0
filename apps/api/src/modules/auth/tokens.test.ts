import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_MS, AccessTokens } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = new AccessTokens(SECRET);
/** The claims of a token that passes the check, else null. */
const verify = (token: string, now?: number) => tokens.check(token, now)?.claims ?? null;
const claims = { userId: 42, userName: 'alice', role: 'user' as const, sessionId: 'sess-1' };

/** A token signed by jose (an independent implementation) with the given changes to a valid payload. */
const joseToken = (payload: Record<string, unknown> = {}, header: Record<string, unknown> = {}, secret = key) =>
  new SignJWT({ typ: 'access', un: 'alice', role: 'user', sid: 'sess-1', ...payload })
    .setProtectedHeader({ alg: 'HS256', ...header })
    .setSubject(typeof payload.sub === 'string' ? payload.sub : '42')
    .setIssuer(typeof payload.iss === 'string' ? payload.iss : 'parmeta')
    .setAudience(typeof payload.aud === 'string' ? payload.aud : 'parmeta-api')
    .setIssuedAt()
    .setExpirationTime(typeof payload.exp === 'number' ? payload.exp : '10m')
    .sign(secret);

/** A token with any header, signed with our secret by hand (jose refuses to make some of these). */
const handSigned = (header: Record<string, unknown>) => {
  const seg = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 600;
  const input = `${seg(header)}.${seg({ typ: 'access', un: 'alice', role: 'user', sid: 'sess-1', sub: '42', iss: 'parmeta', aud: 'parmeta-api', exp })}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
};

describe('access tokens (HS256 with node:crypto)', () => {
  it('signs tokens that jose verifies with the same secret and claims', async () => {
    const now = Date.now();
    const { token, expire } = tokens.sign(claims, now);
    expect(expire).toBe(now + ACCESS_TTL_MS);
    const { payload, protectedHeader } = await jwtVerify(token, key, { issuer: 'parmeta', audience: 'parmeta-api', algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ typ: 'access', un: 'alice', role: 'user', sid: 'sess-1', sub: '42' });
    expect(payload.exp).toBe(Math.floor(expire / 1000));
  });

  it('verifies its own tokens and tokens jose signed with our secret', async () => {
    const signed = tokens.sign(claims);
    expect(tokens.check(signed.token)).toEqual({ claims, expiresAt: Math.floor(signed.expire / 1000) * 1000 });
    expect(verify(await joseToken({ role: 'admin' }))).toEqual({ ...claims, role: 'admin' });
  });

  it('refuses a token signed with another secret, or changed after signing', async () => {
    expect(verify(await joseToken({}, {}, new TextEncoder().encode('another-secret-another-secret-another-secret')))).toBeNull();
    const [h, , s] = tokens.sign(claims).token.split('.');
    const forged = Buffer.from(JSON.stringify({ typ: 'access', un: 'alice', role: 'admin', sid: 'sess-1', sub: '42', iss: 'parmeta', aud: 'parmeta-api', exp: 9e9 })).toString('base64url');
    expect(verify(`${h}.${forged}.${s}`)).toBeNull();
  });

  it('refuses alg none and any header that is not plain HS256', async () => {
    const unsecured = new UnsecuredJWT({ typ: 'access', un: 'alice', sid: 'sess-1' }).setSubject('42').setIssuer('parmeta').setAudience('parmeta-api').setExpirationTime('10m').encode();
    expect(verify(unsecured)).toBeNull();
    expect(verify(handSigned({ alg: 'HS256' }))).toEqual(claims); // the hand-made token is otherwise valid
    expect(verify(handSigned({ alg: 'HS256', crit: ['x'], x: 1 }))).toBeNull();
    expect(verify(handSigned({ alg: 'HS512' }))).toBeNull();
    expect(verify(handSigned({ alg: 'none' }))).toBeNull();
    const hs512 = await new SignJWT({ typ: 'access', un: 'alice', sid: 'sess-1' }).setProtectedHeader({ alg: 'HS512' }).setSubject('42').setIssuer('parmeta').setAudience('parmeta-api').setExpirationTime('10m').sign(key);
    expect(verify(hs512)).toBeNull();
  });

  it('refuses expired, not-yet-valid, foreign-issuer, foreign-audience and non-access tokens', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(verify(await joseToken({ exp: past }))).toBeNull();
    expect(verify(tokens.sign(claims, Date.now() - ACCESS_TTL_MS - 1000).token)).toBeNull();
    expect(verify(await joseToken({ nbf: Math.floor(Date.now() / 1000) + 60 }))).toBeNull();
    expect(verify(await joseToken({ iss: 'someone-else' }))).toBeNull();
    expect(verify(await joseToken({ aud: 'another-api' }))).toBeNull();
    expect(verify(await joseToken({ typ: 'refresh' }))).toBeNull();
    expect(verify(await joseToken({ sub: '4.2' }))).toBeNull();
    expect(verify(await joseToken({ sid: 7 }))).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const junk of ['', 'a.b', 'a.b.c.d', '...', 'not a token', 'eyJhbGciOiJIUzI1NiJ9.bnVsbA.xx', `${'x'.repeat(5000)}.y.z`]) {
      expect(verify(junk)).toBeNull();
    }
  });
});
