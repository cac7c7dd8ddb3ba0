import { describe, expect, it } from 'vitest';
import type { TokenState } from '@/lib/session-store';
import { ACCESS_TOKEN_SKEW_MS, decideSession } from './decide-session';

const NOW = 1_750_000_000_000;
const MINUTE = 60_000;

const state = (access: { token: string | null; expire: number | null }, refreshExpire: number | null): TokenState => ({
  accessToken: access,
  refreshToken: { expire: refreshExpire },
});

describe('decideSession', () => {
  it('asks for sign-in when there is no session at all', () => {
    expect(decideSession(NOW, state({ token: null, expire: null }, null))).toBe('login');
  });

  it('asks for sign-in when the refresh token has expired, whatever the access token says', () => {
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW + 10 * MINUTE }, NOW - 1))).toBe('login');
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW + 10 * MINUTE }, NOW))).toBe('login');
  });

  it('refreshes when the access token is missing (e.g. after a reload: it lives in memory only)', () => {
    expect(decideSession(NOW, state({ token: null, expire: NOW + 10 * MINUTE }, NOW + 7 * 24 * 60 * MINUTE))).toBe('refresh');
  });

  it('refreshes when the access token has expired or has no expiry', () => {
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW - 1 }, NOW + MINUTE))).toBe('refresh');
    expect(decideSession(NOW, state({ token: 'jwt', expire: null }, NOW + MINUTE))).toBe('refresh');
  });

  it('refreshes an access token about to expire', () => {
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW + ACCESS_TOKEN_SKEW_MS }, NOW + MINUTE))).toBe('refresh');
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW + ACCESS_TOKEN_SKEW_MS + 1 }, NOW + MINUTE))).toBe('ok');
  });

  it('lets a valid session through', () => {
    expect(decideSession(NOW, state({ token: 'jwt', expire: NOW + 15 * MINUTE }, NOW + 7 * 24 * 60 * MINUTE))).toBe('ok');
  });
});
