import type { Generated } from 'kysely';

/** An email change waiting for its link, mailed to the new address, to be opened. */
export interface EmailChangeTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  /** sha256 of the link's token. */
  token_hash: string;
  expires_at: number;
  created_at: number;
  used_at: number | null;
}
