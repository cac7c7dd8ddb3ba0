import type { HashPool, Strength } from './hash-pool.js';

/**
 * The least zxcvbn score a new password needs: 3 is "safely unguessable" (under 10^10 guesses
 * would not find it). "password12345678" scores 1, "passwordpassword" 0, four unrelated words 4.
 */
export const MIN_STRENGTH = 3;

export interface Identity {
  userName?: string | undefined;
  email?: string | undefined;
  fullName?: string | undefined;
}

/** What the estimator is told the user's own words are: a password built from them is guessable. */
function userInputs(identity: Identity): string[] {
  const email = identity.email?.toLowerCase();
  return [identity.userName, email, email?.split('@')[0], ...(identity.fullName?.split(/\s+/) ?? [])].filter((w): w is string => Boolean(w && w.length >= 3));
}

/** The rule a user can see at once, with its own words: no user name or email inside the password. */
function identityProblem(password: string, identity: Identity): string | null {
  const lower = password.toLowerCase();
  if (identity.userName && identity.userName.length >= 3 && lower.includes(identity.userName.toLowerCase())) return 'must not contain your user name';
  const email = identity.email?.toLowerCase();
  const local = email?.split('@')[0];
  if (email && (lower.includes(email) || (local && local.length >= 3 && lower.includes(local)))) return 'must not contain your email address';
  return null;
}

export interface PasswordVerdict {
  /** Whether the server accepts it (the contract's length rules aside). */
  ok: boolean;
  score: Strength['score'];
  /** The field message when refused. */
  message: string | null;
  suggestions: string[];
}

/**
 * NIST SP 800-63B-4 beyond length: refuse passwords that are easy to guess (common passwords,
 * words, names, keyboard walks, repeats, sequences and dates, by zxcvbn-ts and its English and
 * common dictionaries) or that contain the account's own identifiers. The web app's strength
 * meter shows this same verdict (POST /auth/password-strength).
 */
export async function passwordVerdict(pool: HashPool, password: string, identity: Identity): Promise<PasswordVerdict> {
  const strength = await pool.strength(password, userInputs(identity));
  const own = identityProblem(password, identity);
  if (own) return { ok: false, score: strength.score, message: own, suggestions: [] };
  if (strength.score >= MIN_STRENGTH) return { ok: true, score: strength.score, message: null, suggestions: strength.suggestions };
  const why = strength.warning ? ` ${strength.warning}` : '';
  return { ok: false, score: strength.score, message: `is too easy to guess.${why} Try a few unrelated words.`, suggestions: strength.suggestions };
}

/** The field message for a refused password, or null. */
export async function passwordProblem(pool: HashPool, password: string, identity: Identity): Promise<string | null> {
  return (await passwordVerdict(pool, password, identity)).message;
}
