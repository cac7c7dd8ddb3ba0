import type { Generated, Selectable } from 'kysely';

export type ChallengeKind = 'siwe_link' | 'siwe_signin' | 'passkey_register' | 'passkey_signin' | 'pending_signin';

/** A single-use, expiring value: a SIWE nonce, a WebAuthn challenge, or a pending sign-in (its sha256). */
export interface AuthChallengeTable {
  value: string;
  kind: ChallengeKind;
  /** Whose it is; null for a sign-in that has not named an account yet. */
  user_id: number | null;
  /** A pending sign-in: how the first step was passed ('password', 'wallet'); a SIWE nonce: the address it was issued for. */
  detail: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser reports it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen; 0 for authenticators that do not count. */
  counter: number;
  /** Comma-separated AuthenticatorTransport values. */
  transports: string;
  name: string;
  device_type: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}
export type PasskeyRow = Selectable<PasskeyTable>;

export interface UserTotpTable {
  user_id: number;
  /** The base32 secret, encrypted (AES-256-GCM, see totp-secret.ts). */
  secret: string;
  /** null while the member has not confirmed it with a first code. */
  enabled_at: number | null;
  /** The last 30-second step a code was accepted for: a code is accepted once. */
  last_step: number | null;
  created_at: number;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 of the normalised code under a server key. */
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

export interface LinkedWalletTable {
  id: Generated<number>;
  user_id: number;
  /** EIP-55 checksummed 0x address. */
  address: string;
  chain_id: number;
  created_at: number;
}
