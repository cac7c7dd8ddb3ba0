import { randomBytes } from 'node:crypto';
import type { SignUpBody } from '@parmeta/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, businessRule } from '../../http/errors.js';
import { enqueueMail } from '../mail/mail.repository.js';
import * as repo from './auth.repository.js';
import { LIMITS, type AuthDeps } from './auth.deps.js';
import { resetMail, verificationMail } from './auth.mails.js';
import { passwordProblem, passwordVerdict, type Identity, type PasswordVerdict } from './password-policy.js';
import type { RenderedMail } from '../mail/templates.js';
import type { UserRow } from '../users/users.table.js';
import { enforce, within } from './rate-limit.js';
import { RESET_TTL_MS, VERIFY_TTL_MS, opaqueToken, sha256 } from './tokens.js';

export const SAME_ANSWER = {
  resend: 'If an account with that email still needs verifying, we have sent a new link. Please check your inbox.',
  reset: 'If an account exists for that email, we have sent a link to reset the password. It works for one hour.',
};

const LINK_PROBLEMS = {
  verify: {
    unknown: 'This verification link is not valid. Ask for a new one on the resend page.',
    used: 'This verification link has already been used. If your email is verified you can sign in; otherwise ask for a new link.',
    expired: 'This verification link has expired. Ask for a new one on the resend page.',
  },
  reset: {
    unknown: 'This reset link is not valid. Ask for a new one.',
    used: 'This reset link has already been used. Ask for a new one if you still need it.',
    expired: 'This reset link has expired. Ask for a new one.',
  },
} as const;

/** Sign-up, email verification and password reset: everything that changes an account's credentials. */
export class AccountService {
  constructor(private readonly deps: AuthDeps) {}

  /** The verdict on a new password, as sign-up, reset and password change give it. */
  async rateNewPassword(password: string, identity: Identity, ip: string): Promise<PasswordVerdict> {
    await enforce(this.deps.db.kysely, `pwcheck:ip:${ip}`, LIMITS.strengthChecksPerIp);
    return passwordVerdict(this.deps.hashPool, password, identity);
  }

  async signUp(input: Required<SignUpBody>, ip: string): Promise<{ userName: string; email: string }> {
    const { db, config } = this.deps;
    await enforce(db.kysely, `signup:ip:${ip}`, LIMITS.signUpPerIp);
    const problem = await passwordProblem(this.deps.hashPool, input.password, input);
    if (problem) throw badRequest(`password: ${problem}`, { password: problem });
    await this.assertAvailable(input.userName, input.email);

    const passwordHash = await this.deps.hashPool.hash(input.password);
    const now = Date.now();
    const verify = opaqueToken();
    try {
      await db.kysely.transaction().execute(async (trx) => {
        const userId = await repo.insertUser(trx, {
          user_name: input.userName,
          full_name: input.fullName,
          email: input.email,
          password_hash: passwordHash,
          email_verified_at: null,
          wallet_id: `0x${randomBytes(20).toString('hex')}`,
          created_at: now,
          updated_at: now,
        });
        await this.deps.ledger.openUserAccounts(trx, userId);
        await repo.insertEmailToken(trx, { userId, purpose: 'verify', hash: verify.hash, expiresAt: now + VERIFY_TTL_MS, now });
        await enqueueMail(trx, { kind: 'verify', to: input.email, ...verificationMail(config.publicUrl, input.fullName, verify.token) }, now);
      });
    } catch (error) {
      // Two sign-ups racing for the same name: the database's unique index decides.
      if (isUniqueViolation(error)) await this.assertAvailable(input.userName, input.email);
      throw error;
    }
    this.deps.nudgeMail();
    return { userName: input.userName, email: input.email };
  }

  async verifyEmail(signature: string): Promise<{ email: string }> {
    const { db } = this.deps;
    const now = Date.now();
    const result = await db.kysely.transaction().execute(async (trx) => {
      const used = await repo.consumeEmailToken(trx, 'verify', sha256(signature), now);
      if ('problem' in used) return used;
      await repo.markEmailVerified(trx, used.userId, now);
      const user = await repo.findUserById(trx, used.userId);
      return { email: user?.email ?? '' };
    });
    if ('problem' in result) throw businessRule(LINK_PROBLEMS.verify[result.problem]);
    return result;
  }

  /** Same answer whatever the email: nothing here tells whether an account exists. */
  async resendVerification(email: string, ip: string): Promise<void> {
    await this.mailLink(email, ip, 'verify', VERIFY_TTL_MS, (user) => user.email_verified_at === null, (user, token) => verificationMail(this.deps.config.publicUrl, user.full_name, token));
  }

  async requestPasswordReset(email: string, ip: string): Promise<void> {
    await this.mailLink(email, ip, 'reset', RESET_TTL_MS, () => true, (user, token) => resetMail(this.deps.config.publicUrl, user.full_name, token));
  }

  /**
   * Mails a fresh single-use link (replacing older ones of the same purpose) when the
   * account exists and needs it. Limited per address (429) and silently per email.
   */
  private async mailLink(
    email: string,
    ip: string,
    purpose: 'verify' | 'reset',
    ttlMs: number,
    wanted: (user: UserRow) => boolean,
    render: (user: UserRow, token: string) => RenderedMail,
  ): Promise<void> {
    const { db } = this.deps;
    await enforce(db.kysely, `mail:ip:${ip}`, LIMITS.mailRequestsPerIp);
    if (!(await within(db.kysely, `mail:${purpose}:${email}`, LIMITS.mailRequestsPerEmail))) return;
    const now = Date.now();
    const queued = await db.kysely.transaction().execute(async (trx) => {
      const user = await repo.findUserByLogin(trx, email);
      if (!user || !wanted(user)) return false;
      await repo.expireEmailTokens(trx, user.id, purpose, now);
      const link = opaqueToken();
      await repo.insertEmailToken(trx, { userId: user.id, purpose, hash: link.hash, expiresAt: now + ttlMs, now });
      await enqueueMail(trx, { kind: purpose, to: user.email, ...render(user, link.token) }, now);
      return true;
    });
    if (queued) this.deps.nudgeMail();
  }

  /**
   * Sets a new password with a reset link. Completing it proves the mailbox, so the
   * email counts as verified; every session of the user is revoked.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const { db } = this.deps;
    const hash = sha256(token);
    const peeked = await db.kysely.selectFrom('email_token').select('user_id').where('token_hash', '=', hash).where('purpose', '=', 'reset').executeTakeFirst();
    const user = peeked ? await repo.findUserById(db.kysely, peeked.user_id) : undefined;
    if (user) {
      // Checked before the link is used up, so a refused password leaves the link working.
      const problem = await passwordProblem(this.deps.hashPool, password, { userName: user.user_name, email: user.email, fullName: user.full_name });
      if (problem) throw badRequest(`password: ${problem}`, { password: problem });
    }
    const passwordHash = await this.deps.hashPool.hash(password);
    const now = Date.now();
    const problem = await db.kysely.transaction().execute(async (trx) => {
      const used = await repo.consumeEmailToken(trx, 'reset', hash, now);
      if ('problem' in used) return used.problem;
      await repo.setPasswordHash(trx, used.userId, passwordHash, now);
      await repo.markEmailVerified(trx, used.userId, now);
      await repo.revokeUserSessions(trx, used.userId, 'password_reset', now);
      return null;
    });
    if (problem) throw businessRule(LINK_PROBLEMS.reset[problem]);
    // Committed: access tokens of the revoked sessions must stop working at once, everywhere.
    this.deps.sessionsRevoked();
  }

  private async assertAvailable(userName: string, email: string): Promise<void> {
    const taken = await repo.findTakenIdentity(this.deps.db.kysely, userName, email);
    const fields: Record<string, string> = {};
    if (taken.some((t) => t.user_name === userName)) fields.userName = 'is already taken';
    if (taken.some((t) => t.email === email)) fields.email = 'already has an account: sign in or reset your password';
    const [first] = Object.entries(fields);
    if (first) throw new AppError('CONFLICT', `${first[0]}: ${first[1]}`, { fields });
  }
}

