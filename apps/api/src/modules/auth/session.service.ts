import { randomBytes } from 'node:crypto';
import type { SessionInfo, TokenState, UserDetail } from '@parmeta/contracts';
import { commitWithoutFlush } from '../../db/durability.js';
import { holdMember } from '../../db/locks.js';
import { AppError, notFound, unauthorized } from '../../http/errors.js';
import { getUserDetail } from '../users/users.service.js';
import type { UserRow } from '../users/users.table.js';
import type { SignInMethod } from './auth.table.js';
import { describeDevice } from './device.js';
import * as repo from './auth.repository.js';
import { LIMITS, type AuthDeps, type CheckedToken } from './auth.deps.js';
import { tooMany } from './rate-limit.js';
import { clear, hit, peek } from './throttle.repository.js';
import { REFRESH_TTL_MS, opaqueToken, sha256, type AccessClaims } from './tokens.js';

const WRONG_CREDENTIALS = 'Wrong user name, email or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/**
 * How long an exchanged refresh token may come back while its replacement is unused (a lost
 * answer, see refresh()). Short: a copy stolen and used within it goes unnoticed only until
 * either holder refreshes again after it.
 */
export const REUSE_GRACE_MS = 30_000;

/** How a session is being started (kept on the session for the sessions list). */
export interface SessionStart {
  method: SignInMethod;
  secondFactor?: 'totp' | 'recovery' | null;
  userAgent?: string | undefined;
}

/** A passkey (with user verification) or a password plus a code counts as more than a password. */
const isStrong = (method: SignInMethod, secondFactor: string | null) => method === 'passkey' || secondFactor !== null;

function assertVerified(user: UserRow): void {
  if (user.email_verified_at === null) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address first: open the link we mailed you, or ask for a new one on the "Resend verification email" page.');
  }
}

/** Thrown inside a session check so that the cache does not keep the answer. */
class NotAToken extends Error {}

export interface IssuedTokens extends TokenState {
  refreshToken: { token: string; expire: number };
}

/** Sign-in, refresh-token rotation, sign-out, and access-token checks. */
export class SessionService {
  private dummyHash: Promise<string> | undefined;

  /** A hash of nothing anyone knows; a failed attempt (the pool closing) is tried again next time. */
  private dummyHashOf(hashPool: AuthDeps['hashPool']): Promise<string> {
    this.dummyHash ??= hashPool.hash(randomBytes(24).toString('base64url')).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    return this.dummyHash;
  }

  constructor(private readonly deps: AuthDeps) {}

  /**
   * The password step of a sign-in: the account it opens, or a refusal (rate-limited per
   * account and per address). Starts no session: two-step sign-in may still ask for a code.
   */
  async checkPassword(login: string, password: string, ip: string): Promise<UserRow> {
    const { db, hashPool } = this.deps;
    const now = Date.now();
    const user = await repo.findUserByLogin(db.kysely, login);
    const accountKey = user ? `signin:user:${user.id}` : `signin:login:${login}`;
    const ipKey = `signin:ip:${ip}`;
    const [account, fromIp] = await Promise.all([
      peek(db.kysely, accountKey, LIMITS.signInFailuresPerAccount.windowMs, now),
      peek(db.kysely, ipKey, LIMITS.signInFailuresPerIp.windowMs, now),
    ]);
    if (account.hits >= LIMITS.signInFailuresPerAccount.max) throw tooMany(account.windowStart, LIMITS.signInFailuresPerAccount, now, 'Too many failed sign-ins for this account. Please wait and try again, or reset your password.');
    if (fromIp.hits >= LIMITS.signInFailuresPerIp.max) throw tooMany(fromIp.windowStart, LIMITS.signInFailuresPerIp, now);

    // An unknown login still costs one hash, so timing does not tell which accounts exist. The
    // hash to check against is made once, on the first unknown login.
    const ok = user ? await hashPool.verify(user.password_hash, password) : (await hashPool.verify(await this.dummyHashOf(hashPool), password), false);
    if (!user || !ok) {
      // Counters only: a power cut losing the last few costs an attacker's luck, not safety.
      await commitWithoutFlush(db, async (trx) => {
        await hit(trx, accountKey, LIMITS.signInFailuresPerAccount.windowMs, now);
        await hit(trx, ipKey, LIMITS.signInFailuresPerIp.windowMs, now);
      });
      throw unauthorized(WRONG_CREDENTIALS);
    }
    assertVerified(user);
    if (account.hits > 0) await clear(db.kysely, accountKey);
    return user;
  }

  /**
   * A new session for a user who passed every step of a sign-in, whichever way in: the same
   * tokens and user detail for a password, a passkey or a wallet.
   */
  async start(user: UserRow, how: SessionStart): Promise<IssuedTokens & { user: UserDetail }> {
    const { db } = this.deps;
    assertVerified(user);
    const now = Date.now();
    const sessionId = randomBytes(12).toString('base64url');
    const refresh = opaqueToken();
    // A new session is bookkeeping a power cut may lose (the user signs in again); its
    // revocation, by contrast, always waits for the disk.
    await commitWithoutFlush(db, async (trx) => {
      // The account may have closed since its password was checked: no session starts on a closed one.
      await holdMember(trx, db.dialect, user.id);
      await repo.insertSession(trx, { id: sessionId, userId: user.id, now, method: how.method, secondFactor: how.secondFactor ?? null, userAgent: how.userAgent?.slice(0, 200) ?? null });
      await repo.insertRefreshToken(trx, { sessionId, hash: refresh.hash, expiresAt: now + REFRESH_TTL_MS, now });
    });
    const mfa = isStrong(how.method, how.secondFactor ?? null);
    const access = this.deps.tokens.sign({ userId: user.id, userName: user.user_name, role: user.role, sessionId, mfa }, now);
    const detail = await getUserDetail(db.kysely, user.id, this.deps.config.memberClasses);
    return { accessToken: access, refreshToken: { token: refresh.token, expire: now + REFRESH_TTL_MS }, user: detail };
  }

  /** The user's active sessions, newest use first. */
  async list(userId: number, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await repo.activeSessions(this.deps.db.kysely, userId, Date.now());
    return rows.map((r) => ({
      id: r.id,
      method: r.method,
      secondFactor: r.second_factor,
      device: describeDevice(r.user_agent),
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at ?? r.created_at,
      current: r.id === currentSessionId,
    }));
  }

  /** Ends one of the user's own sessions; another member's (or an unknown one) is a 404. */
  async end(userId: number, sessionId: string): Promise<void> {
    const ended = await repo.revokeOwnSession(this.deps.db.kysely, userId, sessionId, 'ended_by_user', Date.now());
    if (!ended) throw notFound('That session is not one of yours, or it has already ended.');
    this.revoked();
  }

  /** Ends every session of the user except the one asking. */
  async endOthers(userId: number, currentSessionId: string): Promise<number> {
    const ended = await repo.revokeOtherSessions(this.deps.db.kysely, userId, currentSessionId, 'ended_by_user', Date.now());
    this.revoked();
    return ended;
  }

  /**
   * Exchanges a refresh token for a new pair. A token that was already exchanged is proof that
   * someone else holds a copy, and the whole session family is revoked, with one exception: the
   * answer to an exchange can be lost on its way (the page was left or reloaded meanwhile, so
   * the browser never stored the new cookie) and the same token comes back. If that happens
   * within REUSE_GRACE_MS and what it was exchanged for is still unused, that unused token is
   * exchanged instead, so a reload at the wrong moment does not sign the user out.
   */
  async refresh(token: string): Promise<IssuedTokens> {
    const { db } = this.deps;
    const now = Date.now();
    const next = opaqueToken();
    // Decided under the session's lock: a sign-out, a reuse and two renewals of one session
    // apply one after the other, each seeing what the one before did (docs/decisions/0019).
    const outcome = await db.kysely.transaction().execute(async (trx) => {
      const found = await repo.findRefreshToken(trx, sha256(token), db.dialect);
      if (!found || found.revoked_at !== null || found.expires_at <= now) return { ended: true as const };
      let replaced = found.rotated_at === null && (await repo.markRotated(trx, found.id, now));
      if (!replaced) {
        // Exchanged already, maybe by a request that finished a moment ago.
        const successor = await repo.unusedSuccessor(trx, found.id);
        replaced = successor !== undefined && now - successor.created_at <= REUSE_GRACE_MS && (await repo.markRotated(trx, successor.id, now));
      }
      if (!replaced) {
        await repo.revokeSession(trx, found.session_id, 'refresh_reuse', now);
        return { ended: true as const, revoked: true };
      }
      await repo.insertRefreshToken(trx, { sessionId: found.session_id, hash: next.hash, expiresAt: now + REFRESH_TTL_MS, now });
      await repo.touchSession(trx, found.session_id, now);
      return { ended: false as const, found };
    });
    if (outcome.ended) {
      if ('revoked' in outcome) this.revoked();
      throw unauthorized(SESSION_ENDED);
    }
    const { found } = outcome;
    const user = await repo.findUserById(db.kysely, found.user_id);
    if (!user) throw unauthorized(SESSION_ENDED);
    const mfa = isStrong(found.method, found.second_factor);
    const access = this.deps.tokens.sign({ userId: user.id, userName: user.user_name, role: user.role, sessionId: found.session_id, mfa }, now);
    return { accessToken: access, refreshToken: { token: next.token, expire: now + REFRESH_TTL_MS } };
  }

  /**
   * The member whose session a refresh token names while that session is still on: not ended, not
   * expired, and the token the latest or replaced moments ago (REUSE_GRACE_MS); else null. A read
   * only, nothing rotated: for a page's HTML, which shows what the member will see once the app
   * has renewed the session.
   */
  async liveSessionUser(token: string): Promise<number | null> {
    const found = await repo.findRefreshToken(this.deps.db.kysely, sha256(token));
    const now = Date.now();
    const live = found !== undefined && found.revoked_at === null && found.expires_at > now && (found.rotated_at === null || now - found.rotated_at <= REUSE_GRACE_MS);
    return live ? found.user_id : null;
  }

  /** Revokes the session named by a refresh token or by an access token's session id. */
  async logout(by: { refreshToken?: string | undefined; sessionId?: string | undefined }): Promise<void> {
    const { db } = this.deps;
    const ids = new Set<string>();
    if (by.sessionId) ids.add(by.sessionId);
    if (by.refreshToken) {
      const found = await repo.findRefreshToken(db.kysely, sha256(by.refreshToken));
      if (found) ids.add(found.session_id);
    }
    for (const id of ids) await repo.revokeSession(db.kysely, id, 'logout', Date.now());
    this.revoked();
  }

  /**
   * A valid access token of a session that is still active (not signed out, not reset).
   * Every protected request asks, so a check is kept for a moment (SESSION_CHECK_CACHE_MS):
   * a revocation drops every kept check at once, here and (through the change feed) on the
   * other instances; the TTL bounds it if a notice is missed. See docs/decisions/0013 and 0045.
   */
  async authenticate(token: string): Promise<AccessClaims | null> {
    try {
      return claimsOf(await this.deps.sessionChecks.get(token, () => this.check(token)));
    } catch (error) {
      if (error instanceof NotAToken) return null;
      throw error;
    }
  }

  /**
   * What `authenticate` would answer, at once, when this token's check is kept and finished;
   * undefined when it has to be checked (`authenticate`).
   */
  knownClaims(token: string): AccessClaims | null | undefined {
    const kept = this.deps.sessionChecks.settled(token);
    return kept && claimsOf(kept.value);
  }

  private async check(token: string): Promise<CheckedToken | null> {
    // A forged or expired token is refused without being kept: junk must not push out real sessions.
    const checked = this.deps.tokens.check(token);
    if (!checked) throw new NotAToken();
    return (await repo.isSessionActive(this.deps.db.kysely, checked.claims.sessionId)) ? checked : null;
  }

  /** After a revocation has committed: no kept check, on any instance, may vouch for a revoked session. */
  private revoked(): void {
    this.deps.sessionsRevoked();
  }
}

/** A kept check vouches for its token only until the token expires. */
const claimsOf = (checked: CheckedToken | null): AccessClaims | null => (checked && checked.expiresAt > Date.now() ? checked.claims : null);
