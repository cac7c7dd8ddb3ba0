import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Ledger } from '../ledger/ledger.js';
import type { HashPool } from './hash-pool.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import type { AccessClaims, AccessTokens } from './tokens.js';

/** What the auth services are built from. */
export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  hashPool: HashPool;
  /** Access tokens already checked, by token (docs/decisions/0013). */
  sessionChecks: TtlCache<CheckedToken | null>;
  /**
   * Whoever revokes a session calls this after the commit: no kept check, here or on another
   * instance, may vouch for it any more (docs/decisions/0045).
   */
  sessionsRevoked: () => void;
  ledger: Ledger;
  /** Asks the mail worker (if any) to deliver soon; called after a transaction that queued mail commits. */
  nudgeMail: () => void;
}

/** An access token whose signature and session were checked. */
export interface CheckedToken {
  claims: AccessClaims;
  expiresAt: number;
}

/** Limits, per fixed window. Sign-in failures lock an account for at most 15 minutes, never for good. */
export const LIMITS = {
  signInFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  signInFailuresPerIp: { max: 100, windowMs: 15 * 60_000 },
  signUpPerIp: { max: 20, windowMs: 3600_000 },
  /** The strength meter asks after each pause in typing: generous for people, not for guessing machines. */
  strengthChecksPerIp: { max: 120, windowMs: 60_000 },
  mailRequestsPerIp: { max: 20, windowMs: 3600_000 },
  mailRequestsPerEmail: { max: 3, windowMs: 3600_000 },
  /** Wrong authenticator or recovery codes: counted like wrong passwords. */
  codeFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  codeFailuresPerIp: { max: 100, windowMs: 15 * 60_000 },
  /** Passkey and wallet sign-in challenges handed out, per address: each is a row until it expires. */
  challengesPerIp: { max: 60, windowMs: 15 * 60_000 },
} as const;
