import { badRequest } from '../../http/errors.js';
import { LIMITS, type AuthDeps } from '../auth/auth.deps.js';
import { tooMany } from '../auth/rate-limit.js';
import { hit, peek } from '../auth/throttle.repository.js';
import type { UserRow } from '../users/users.table.js';

/**
 * Asks for the password again before a change that matters. Wrong guesses count against the
 * same per-account limit as failed sign-ins, so a stolen session cannot try passwords here
 * faster than at the sign-in page. A wrong password is a field error (400), not a 401: the
 * session is fine, the form is not.
 */
export async function confirmPassword(deps: Pick<AuthDeps, 'db' | 'hashPool'>, user: UserRow, password: string, field: string): Promise<void> {
  const key = `signin:user:${user.id}`;
  const limit = LIMITS.signInFailuresPerAccount;
  const now = Date.now();
  const tries = await peek(deps.db.kysely, key, limit.windowMs, now);
  if (tries.hits >= limit.max) throw tooMany(tries.windowStart, limit, now, 'Too many wrong passwords for this account. Please wait a few minutes and try again.');
  if (await deps.hashPool.verify(user.password_hash, password)) return;
  await hit(deps.db.kysely, key, limit.windowMs, now);
  throw badRequest(`${field}: is not your current password`, { [field]: 'is not your current password' });
}
