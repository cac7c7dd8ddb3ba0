import type { Generated } from 'kysely';

export interface AuthSessionTable {
  id: string;
  user_id: number;
  created_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  /** How the session was started. */
  method: Generated<SignInMethod>;
  /** The second step passed at sign-in, if any. */
  second_factor: 'totp' | 'recovery' | null;
  /** The last renewal; null: not renewed since sign-in. */
  last_used_at: number | null;
  user_agent: string | null;
}

export type SignInMethod = 'password' | 'passkey' | 'wallet';

export interface RefreshTokenTable {
  id: Generated<number>;
  session_id: string;
  /** sha256 of the token: a database leak does not leak usable tokens. */
  token_hash: string;
  expires_at: number;
  created_at: number;
  /** Set when this token was exchanged for the next one; presenting it again means theft. */
  rotated_at: number | null;
}

export interface EmailTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset';
  token_hash: string;
  expires_at: number;
  created_at: number;
  used_at: number | null;
}

export interface ThrottleTable {
  key: string;
  window_start: number;
  hits: number;
}
