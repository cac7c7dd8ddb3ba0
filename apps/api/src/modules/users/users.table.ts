import type { Generated, Insertable, Selectable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  full_name: string;
  email: string;
  password_hash: string;
  email_verified_at: number | null;
  role: Generated<'user' | 'admin'>;
  wallet_id: string;
  /** Lifetime paid spend in minor units: decides the member class. */
  lifetime_spend: Generated<number>;
  /** Set when the member closed the account: the row stays for the records that point at it, its personal data erased. */
  deleted_at: Generated<number | null>;
  created_at: number;
  updated_at: number;
}
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
