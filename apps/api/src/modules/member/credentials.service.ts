import type { ChangeEmailBody, ChangePasswordBody } from '@parmeta/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { lockUser } from '../../db/locks.js';
import { accountGone, AppError, badRequest, businessRule, conflict } from '../../http/errors.js';
import type { AuthDeps } from '../auth/auth.deps.js';
import { LIMITS } from '../auth/auth.deps.js';
import * as auth from '../auth/auth.repository.js';
import { passwordProblem } from '../auth/password-policy.js';
import { enforce } from '../auth/rate-limit.js';
import { opaqueToken, sha256, VERIFY_TTL_MS } from '../auth/tokens.js';
import { enqueueMail } from '../mail/mail.repository.js';
import { confirmNewEmailMail, emailChangedMail, emailChangeRequestedMail, passwordChangedMail } from './member.mails.js';
import * as repo from './member.repository.js';
import { confirmPassword } from './password-check.js';

const LINK = {
  unknown: 'This link is not valid. Ask for the change again from your account page.',
  used: 'This link has already been used, or a newer one replaced it. If your email did not change, ask again from your account page.',
  expired: 'This link has expired. Ask for the change again from your account page.',
};

/** Changing the password and the email of a signed-in member. */
export class CredentialsService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Checks the current password, then the new one against the password policy; the change
   * signs out every other session, keeps this one, voids open reset links and mails the member.
   */
  async changePassword(userId: number, sessionId: string, body: Required<ChangePasswordBody>): Promise<void> {
    const { db, hashPool, config } = this.deps;
    const user = await repo.openUser(db.kysely, userId);
    if (!user) throw accountGone();
    await confirmPassword(this.deps, user, body.currentPassword, 'currentPassword');
    const problem = await passwordProblem(hashPool, body.newPassword, { userName: user.user_name, email: user.email, fullName: user.full_name });
    if (problem) throw badRequest(`newPassword: ${problem}`, { newPassword: problem });
    if (body.newPassword === body.currentPassword) throw badRequest('newPassword: is your current password', { newPassword: 'is your current password: choose a new one' });
    const hash = await hashPool.hash(body.newPassword);
    const now = Date.now();
    await db.kysely.transaction().execute(async (trx) => {
      if (!(await repo.replacePasswordHash(trx, userId, user.password_hash, hash, now))) throw conflict('Your password was changed a moment ago, from another device. Sign in again if this one stops working.');
      await auth.revokeUserSessions(trx, userId, 'password_change', now, sessionId);
      await auth.expireEmailTokens(trx, userId, 'reset', now);
      await enqueueMail(trx, { kind: 'password_changed', to: user.email, ...passwordChangedMail(config.publicUrl, user.full_name) }, now);
    });
    // Committed: the other sessions' access tokens must stop working here at once.
    this.deps.sessionChecks.invalidate();
    this.deps.nudgeMail();
  }

  /**
   * Nothing changes yet: a link goes to the new address (proving it is the member's) and a
   * notice to the current one (in case the session is not the member's). A newer request
   * replaces an older one.
   */
  async requestEmailChange(userId: number, body: ChangeEmailBody, ip: string): Promise<{ pendingEmail: string; expiresAt: number }> {
    const { db, config } = this.deps;
    await enforce(db.kysely, `mail:ip:${ip}`, LIMITS.mailRequestsPerIp);
    const user = await repo.openUser(db.kysely, userId);
    if (!user) throw accountGone();
    await confirmPassword(this.deps, user, body.password, 'password');
    const newEmail = body.newEmail;
    if (newEmail === user.email) throw badRequest('newEmail: is already your email', { newEmail: 'is already the email of your account' });
    if (await repo.emailTaken(db.kysely, newEmail, userId)) throw new AppError('CONFLICT', 'newEmail: already has an account', { fields: { newEmail: 'already belongs to another account' } });
    await enforce(db.kysely, `mail:email_change:${userId}`, LIMITS.mailRequestsPerEmail);
    const now = Date.now();
    const link = opaqueToken();
    const expiresAt = now + VERIFY_TTL_MS;
    await db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, db.dialect, userId);
      await repo.expireEmailChanges(trx, userId, now);
      await repo.insertEmailChange(trx, { userId, newEmail, hash: link.hash, expiresAt, now });
      await enqueueMail(trx, { kind: 'email_change', to: newEmail, ...confirmNewEmailMail(config.publicUrl, user.full_name, newEmail, link.token) }, now);
      await enqueueMail(trx, { kind: 'email_change_notice', to: user.email, ...emailChangeRequestedMail(config.publicUrl, user.full_name, newEmail) }, now);
    });
    this.deps.nudgeMail();
    return { pendingEmail: newEmail, expiresAt };
  }

  /**
   * Applies the change a link names, once. Opening the link proves the new mailbox, so it counts
   * as verified; the old address gets a last notice. Needs no session: the mail may be opened
   * on another device.
   */
  async confirmEmailChange(signature: string): Promise<{ email: string }> {
    const { db, config } = this.deps;
    const now = Date.now();
    let outcome: { problem: keyof typeof LINK } | { email: string };
    try {
      outcome = await db.kysely.transaction().execute(async (trx) => {
        // The member's row before the change's: the order closing takes them in (it locks the member,
        // then deletes the pending changes), so the two cannot deadlock. Whose change it is never moves.
        const owner = await repo.emailChangeOwner(trx, sha256(signature));
        if (owner === undefined) return { problem: 'unknown' as const };
        const user = await repo.openUser(trx, owner, db.dialect);
        const change = user && (await repo.lockEmailChange(trx, db.dialect, sha256(signature)));
        if (!change) return { problem: 'unknown' as const };
        if (change.used_at !== null) return { problem: 'used' as const };
        if (change.expires_at <= now) return { problem: 'expired' as const };
        await repo.markEmailChangeUsed(trx, change.id, now);
        await repo.setEmail(trx, user.id, change.new_email, now);
        await enqueueMail(trx, { kind: 'email_changed', to: user.email, ...emailChangedMail(config.publicUrl, user.full_name, change.new_email) }, now);
        return { email: change.new_email };
      });
    } catch (error) {
      // Someone signed up with that address after the request: the unique index decides.
      if (isUniqueViolation(error)) throw conflict('That email address now belongs to another account. Ask for the change again with another address.');
      throw error;
    }
    if ('problem' in outcome) throw businessRule(LINK[outcome.problem]);
    this.deps.nudgeMail();
    return outcome;
  }

  async pendingEmail(userId: number): Promise<{ email: string; expiresAt: number } | null> {
    const row = await repo.pendingEmailChange(this.deps.db.kysely, userId, Date.now());
    return row ? { email: row.new_email, expiresAt: row.expires_at } : null;
  }
}
