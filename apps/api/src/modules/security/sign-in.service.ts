import type { SignInOutcome, UserDetail } from '@parmeta/contracts';
import type { Db } from '../../db/connection.js';
import { unauthorized } from '../../http/errors.js';
import { findUserById } from '../auth/auth.repository.js';
import type { SignInMethod } from '../auth/auth.table.js';
import type { IssuedTokens, SessionService } from '../auth/session.service.js';
import { opaqueToken, sha256 } from '../auth/tokens.js';
import type { UserRow } from '../users/users.table.js';
import { consumeChallenge, insertChallenge } from './challenge.repository.js';
import type { SecondFactor, TotpService } from './totp.service.js';

/** How long the second step may take after the first. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
const PENDING_ENDED = 'This sign-in took too long or was finished already. Please sign in again.';

export type Issued = IssuedTokens & { user: UserDetail };
export type Outcome = Issued | { secondStep: { token: string; expire: number } };

/**
 * The last part of every sign-in. With two-step sign-in on, a password or a wallet is only
 * the first step: no session exists until a code is given, only a pending token (random,
 * stored hashed, 5 minutes, used once). A passkey with user verification is two factors by
 * itself and starts the session at once.
 */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly totp: TotpService,
  ) {}

  async withPassword(login: string, password: string, ip: string, userAgent: string | undefined): Promise<Outcome> {
    const user = await this.sessions.checkPassword(login, password, ip);
    return this.afterFirstStep(user, 'password', userAgent);
  }

  async afterFirstStep(user: UserRow, method: Exclude<SignInMethod, 'passkey'>, userAgent: string | undefined): Promise<Outcome> {
    if (!(await this.totp.enabled(user.id))) return this.sessions.start(user, { method, userAgent });
    const now = Date.now();
    const pending = opaqueToken();
    await insertChallenge(this.db.kysely, { value: pending.hash, kind: 'pending_signin', userId: user.id, detail: method, expiresAt: now + PENDING_SIGN_IN_MS, now });
    return { secondStep: { token: pending.token, expire: now + PENDING_SIGN_IN_MS } };
  }

  /**
   * The second step: the code is checked (rate-limited, once) before the pending token is used
   * up, so a mistyped code can be corrected; the token then starts exactly one session.
   */
  async secondStep(token: string, factor: SecondFactor, ip: string, userAgent: string | undefined): Promise<Issued> {
    const { kysely } = this.db;
    const hash = sha256(token);
    const pending = await kysely.selectFrom('auth_challenge').select(['user_id', 'expires_at', 'used_at']).where('value', '=', hash).where('kind', '=', 'pending_signin').executeTakeFirst();
    if (!pending || pending.user_id === null || pending.used_at !== null || pending.expires_at <= Date.now()) throw unauthorized(PENDING_ENDED);
    const secondFactor = await this.totp.checkCode(pending.user_id, factor, ip, 'sign-in');
    const used = await consumeChallenge(kysely, hash, 'pending_signin', Date.now());
    if (!used.ok || used.userId === null) throw unauthorized(PENDING_ENDED);
    const user = await findUserById(kysely, used.userId);
    if (!user) throw unauthorized(PENDING_ENDED);
    return this.sessions.start(user, { method: used.detail === 'wallet' ? 'wallet' : 'password', secondFactor, userAgent });
  }
}

export const isSecondStep = (outcome: SignInOutcome | Outcome): outcome is { secondStep: { token: string; expire: number } } => 'secondStep' in outcome;

/** The answer's words: signed in, or what to do next. */
export const signedInMessage = (outcome: Outcome) => (isSecondStep(outcome) ? 'Enter the code from your authenticator app to finish signing in.' : 'Signed in.');
