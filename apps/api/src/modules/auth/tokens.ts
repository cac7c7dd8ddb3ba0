import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;
export const VERIFY_TTL_MS = 24 * 3600 * 1000;
export const RESET_TTL_MS = 3600 * 1000;

const ISSUER = 'parmeta';
const AUDIENCE = 'parmeta-api';
const ACCESS_TYPE = 'access';

export interface AccessClaims {
  userId: number;
  userName: string;
  role: 'user' | 'admin';
  sessionId: string;
  /** The session was started with more than a password: a passkey, or a password and a code. */
  mfa?: boolean;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random opaque token and the hash we store instead of it. */
export function opaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/**
 * HS256 JWT access tokens, signed and checked with node:crypto directly: the key object is
 * made once and a check is synchronous, which matters because every authenticated request
 * runs one (jose's WebCrypto path imported the key and awaited twice per call).
 * Checked: the header says HS256 (nothing else, so no `alg: none` or key confusion), the
 * signature in constant time, type, issuer, audience, expiry and not-before.
 */
export class AccessTokens {
  private readonly key: KeyObject;
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: AccessClaims, now = Date.now()): { token: string; expire: number } {
    const expire = now + ACCESS_TTL_MS;
    const payload = {
      typ: ACCESS_TYPE,
      un: claims.userName,
      role: claims.role,
      sid: claims.sessionId,
      ...(claims.mfa ? { mfa: true } : {}),
      sub: String(claims.userId),
      iss: ISSUER,
      aud: AUDIENCE,
      iat: Math.floor(now / 1000),
      exp: Math.floor(expire / 1000),
    };
    const signingInput = `${HEADER}.${base64url(JSON.stringify(payload))}`;
    return { token: `${signingInput}.${this.mac(signingInput).toString('base64url')}`, expire };
  }

  /**
   * The claims and the moment the token expires (ms, so a caller keeping a checked token knows
   * when to stop), or null for anything that is not a valid, unexpired access token of ours.
   */
  check(token: string, now = Date.now()): { claims: AccessClaims; expiresAt: number } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(`${header}.${body}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = parseJson(header);
    if (head?.alg !== 'HS256' || head.crit !== undefined) return null;
    const p = parseJson(body);
    if (!p || p.typ !== ACCESS_TYPE || p.iss !== ISSUER || !hasAudience(p.aud)) return null;
    const seconds = now / 1000;
    if (typeof p.exp !== 'number' || p.exp <= seconds) return null;
    if (p.nbf !== undefined && (typeof p.nbf !== 'number' || p.nbf > seconds)) return null;
    if (typeof p.sid !== 'string' || typeof p.un !== 'string' || typeof p.sub !== 'string') return null;
    const userId = Number(p.sub);
    if (!/^[0-9]+$/.test(p.sub) || !Number.isSafeInteger(userId)) return null;
    return { claims: { userId, userName: p.un, role: p.role === 'admin' ? 'admin' : 'user', sessionId: p.sid, ...(p.mfa === true ? { mfa: true } : {}) }, expiresAt: p.exp * 1000 };
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }
}

const base64url = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256' }));

const hasAudience = (aud: unknown) => aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));

/** A JSON object from a base64url segment, or null for anything else. */
function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
