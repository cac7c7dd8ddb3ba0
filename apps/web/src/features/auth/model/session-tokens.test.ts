import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_TOLERANCE_MS, issuedAt, toSessionTokens } from './session-tokens';

const SERVER_NOW = 1_750_000_000_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.signature`;

const answer = (token: string) => ({
  accessToken: { token, expire: SERVER_NOW + 15 * MINUTE },
  refreshToken: { expire: SERVER_NOW + 7 * DAY },
});

describe('issuedAt', () => {
  it('reads iat from a JWT payload, in milliseconds', () => {
    expect(issuedAt(jwt({ iat: SERVER_NOW / 1000, sub: '1', un: 'zoë', name: '山田' }))).toBe(SERVER_NOW);
  });

  it.each(['', 'not-a-jwt', 'a.%%%.c', jwt({ sub: '1' }), jwt({ iat: 'yesterday' })])('answers null for %s', (token) => {
    expect(issuedAt(token)).toBeNull();
  });
});

describe('toSessionTokens', () => {
  it('keeps the server expiries when the clocks agree (latency and rounding are ignored)', () => {
    const tokens = toSessionTokens(answer(jwt({ iat: SERVER_NOW / 1000 })), SERVER_NOW + CLOCK_SKEW_TOLERANCE_MS - 1);
    expect(tokens).toEqual({ accessToken: { token: expect.any(String), expire: SERVER_NOW + 15 * MINUTE }, refreshToken: { expire: SERVER_NOW + 7 * DAY } });
  });

  it('moves the expiries into the device clock when it runs ahead', () => {
    const tokens = toSessionTokens(answer(jwt({ iat: SERVER_NOW / 1000 })), SERVER_NOW + 8 * DAY);
    expect(tokens.accessToken.expire).toBe(SERVER_NOW + 8 * DAY + 15 * MINUTE);
    expect(tokens.refreshToken.expire).toBe(SERVER_NOW + 15 * DAY);
  });

  it('moves them the other way when it runs behind', () => {
    const tokens = toSessionTokens(answer(jwt({ iat: SERVER_NOW / 1000 })), SERVER_NOW - 30 * MINUTE);
    expect(tokens.accessToken.expire).toBe(SERVER_NOW - 15 * MINUTE);
  });

  it('takes the expiries as they are when the token cannot be read', () => {
    expect(toSessionTokens(answer('opaque'), SERVER_NOW + DAY).accessToken.expire).toBe(SERVER_NOW + 15 * MINUTE);
  });
});
