import type { CardToken } from '@parmeta/contracts';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export interface ChargeRequest {
  token: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Our reference (order number), shown on the gateway side. */
  reference: string;
  /** Same key, same charge: a retried request never charges twice. */
  idempotencyKey: string;
}

export interface RefundRequest {
  chargeId: string;
  /** Minor units. */
  amount: number;
  /** Same key, one refund: a retry after a lost answer, or from another instance, pays nothing more. */
  idempotencyKey: string;
}

export type ChargeResult =
  /** `last4`: the charged card's last four digits, as a provider answers them with the charge (null if it did not). */
  | { status: 'succeeded'; chargeId: string; last4: string | null }
  | { status: 'declined'; chargeId: string; message: string }
  | { status: 'error'; chargeId: string; message: string };

/**
 * What the shop needs from a payment gateway. The built-in sandbox implements it so the
 * product works offline; a real provider would implement the same five calls.
 */
export interface PaymentGateway {
  tokenize(card: CardDetails): Promise<CardToken>;
  /** The public facts of a token (brand, last 4, expiry), or null when the gateway does not know it. */
  cardInfo(token: string): Promise<CardToken | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Pays `amount` back on a charge; the same idempotency key never pays out twice. */
  refund(request: RefundRequest): Promise<void>;
  /** Deletes a stored card (its holder closed the account); charges made with it can still be refunded. */
  forget(token: string): Promise<void>;
}
