import type { Generated, Selectable } from 'kysely';

export interface FiatOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  type: 'topup' | 'nft';
  /** Minor units charged to the card. */
  amount: number;
  nft_id: number | null;
  status: 'pending' | 'paid' | 'failed';
  charge_id: string | null;
  failure: string | null;
  created_at: number;
  paid_at: number | null;
  /** Set when a succeeded charge could not be applied and is owed back to the card. */
  refund_due_at: number | null;
  refunded_at: number | null;
}
export type FiatOrderRow = Selectable<FiatOrderTable>;

export interface PaymentTokenTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface GatewayEventTable {
  event_id: string;
  charge_id: string;
  reference: string;
  received_at: number;
}
