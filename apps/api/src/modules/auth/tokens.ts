import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random opaque token and the hash we store instead of it. */
export function opaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims, now = Date.now()): Promise<{ token: string; expire: number }> {
    const expire = now + ACCESS_TTL_MS;
    const token = await new SignJWT({ typ: ACCESS_TYPE, un: claims.userName, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expire / 1000))
      .sign(this.key);
    return { token, expire };
  }

  /** Answers the claims, or null for anything that is not a valid, unexpired access token of ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (payload.typ !== ACCESS_TYPE || typeof payload.sid !== 'string' || typeof payload.un !== 'string') return null;
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId)) return null;
      return { userId, userName: payload.un, role: payload.role === 'admin' ? 'admin' : 'user', sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
