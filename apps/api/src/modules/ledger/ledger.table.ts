import type { Generated } from 'kysely';
import type { Asset } from '@parmeta/contracts';

export interface LedgerAccountTable {
  id: Generated<number>;
  /** Set for a user's account; null for a system account. */
  user_id: number | null;
  /** 'user' for user accounts; the system account's name otherwise. */
  code: string;
  asset: Asset;
  /** Minor units (cents for par and meta, whole points for premium). */
  balance: Generated<number>;
  /** Only system accounts (e.g. gateway clearing, issuance) may go below zero. */
  allow_negative: Generated<number>;
}

export interface JournalEntryTable {
  id: Generated<number>;
  kind: string;
  reference: string | null;
  memo: string;
  created_at: number;
}

export interface PostingTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  asset: Asset;
  amount: number;
}

export interface IdempotencyRecordTable {
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: number;
}

export interface PayoutTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  destination: string;
  status: 'pending' | 'completed' | 'failed';
  failure_reason: string | null;
  created_at: number;
  settled_at: number | null;
  settled_by: number | null;
}
