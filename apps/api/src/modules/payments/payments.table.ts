import type { Generated } from 'kysely';

export interface GatewayCardTable {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  /** Sandbox outcome chosen by the test number: success, decline, insufficient_funds, error. */
  behaviour: string;
  created_at: number;
}

export interface GatewayChargeTable {
  id: string;
  token: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'declined' | 'error';
  message: string | null;
  reference: string;
  idempotency_key: string;
  refunded: Generated<number>;
  created_at: number;
}

/** One refund the sandbox paid out, under the caller's idempotency key. */
export interface GatewayRefundTable {
  idempotency_key: string;
  charge_id: string;
  amount: number;
  created_at: number;
}
