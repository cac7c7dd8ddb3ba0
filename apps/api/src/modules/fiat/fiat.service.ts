import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Balances, fiatOrder, fiatOrderBody } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts/common/money';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { holdMember } from '../../db/locks.js';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.js';
import { orderNumber } from '../../lib/order-number.js';
import type { CardService } from '../account/card.service.js';
import { opaqueToken, sha256 } from '../auth/tokens.js';
import type { Ledger } from '../ledger/ledger.js';
import type { NftOrderService } from '../market/nft-order.service.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { FiatOrderRow } from './fiat.table.js';
import * as repo from './fiat.repository.js';

type Q = Kysely<Database>;
const PAYMENT_TOKEN_TTL_MS = 10 * 60_000;
type FiatOrder = z.infer<typeof fiatOrder>;

export interface GatewayEvent {
  eventId: string;
  chargeId: string;
  reference: string;
}

/** How the gateway signs the events it delivers to our webhook (a key derived from the app's secret). */
export function webhookSigner(secret: string): (event: GatewayEvent) => string {
  const key = createHmac('sha256', secret).update('gateway-webhook').digest();
  return (event) => createHmac('sha256', key).update(`${event.eventId}.${event.chargeId}.${event.reference}`).digest('hex');
}

const toFiatOrder = (o: FiatOrderRow): FiatOrder => ({ orderNo: o.order_no, type: o.type, amount: fromMinor(o.amount), status: o.status, nftId: o.nft_id });

/**
 * Card-paid ("fiat") orders through the payment gateway: a top-up of par, or an NFT
 * bought directly. The order needs a short-lived, single-use payment token besides the
 * session. A successful charge is applied through its gateway event, recorded by the
 * event's unique id, so the client's confirmation and the gateway's callback (or any
 * replay of either) credit exactly once.
 */
export class FiatService {
  private readonly sign: (event: GatewayEvent) => string;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
    private readonly cards: CardService,
    private readonly nftOrders: NftOrderService,
    private readonly log: FastifyBaseLogger,
    config: Config,
  ) {
    this.sign = webhookSigner(config.jwtSecret);
  }

  async issuePaymentToken(userId: number): Promise<{ accessToken: string; expire: number }> {
    const { token, hash } = opaqueToken();
    const expire = Date.now() + PAYMENT_TOKEN_TTL_MS;
    await repo.insertPaymentToken(this.db.kysely, { hash, userId, expiresAt: expire });
    return { accessToken: token, expire };
  }

  async createOrder(userId: number, paymentToken: string | undefined, body: z.output<typeof fiatOrderBody>): Promise<{ order: FiatOrder; balances: Balances }> {
    if (!paymentToken) throw unauthorized('A payment token is required: ask for one with /gx/AuthToken first.');
    const cardToken = body.cardToken ?? (await this.cards.tokenOf(userId, body.card_id as number));
    const now = Date.now();
    const order = await this.tx(async (trx) => {
      // The member first (against closing, which also deletes the payment tokens), then the token: the other order deadlocks with the closing.
      await holdMember(trx, this.db.dialect, userId);
      if (!(await repo.consumePaymentToken(trx, sha256(paymentToken), userId, now))) throw unauthorized('The payment token is missing, used or expired. Start the payment again.');
      if (body.type === 'topup') {
        return repo.insertFiatOrder(trx, { orderNo: orderNumber('TOP', now), userId, type: 'topup', amount: toMinor(body.amount), nftId: null, now });
      }
      const reserved = await this.nftOrders.reserve(trx, userId, body.nftId);
      if (await repo.findFiatOrder(trx, reserved.order_no)) throw conflict('A card payment for this NFT is already under way. Wait for it, or cancel the reservation first.');
      return repo.insertFiatOrder(trx, { orderNo: reserved.order_no, userId, type: 'nft', amount: reserved.price, nftId: body.nftId, now });
    });

    const charge = await this.gateway.charge({ token: cardToken, amount: order.amount, currency: 'USD', reference: order.order_no, idempotencyKey: `fiat:${order.order_no}` });
    if (charge.status !== 'succeeded') {
      await this.tx(async (trx) => {
        const locked = await repo.fiatOrders.lock(trx, this.db.dialect, 'order_no', order.order_no);
        if (locked?.status !== 'pending') return;
        await repo.fiatOrders.move(trx, locked, 'failed', { charge_id: charge.chargeId, failure: charge.message });
        if (order.type === 'nft') await this.nftOrders.release(trx, await this.nftOrders.lockOwn(trx, userId, order.order_no), 'cancelled');
      });
      throw new AppError('BUSINESS_RULE', `${charge.message} Your card was not charged.`);
    }
    const event = { eventId: `evt_${charge.chargeId}`, chargeId: charge.chargeId, reference: order.order_no };
    // The sandbox gateway also delivers this event to our callback, as a real gateway would,
    // racing the confirmation below; the event id makes sure only one of them applies it.
    setImmediate(() => void this.applyEvent(event).catch((error: unknown) => this.log.error({ err: error }, 'sandbox webhook delivery failed')));
    await this.applyEvent(event);
    const final = (await repo.findFiatOrder(this.db.kysely, order.order_no)) as FiatOrderRow;
    if (final.status !== 'paid') throw conflict(final.failure ?? 'This payment could not be completed. Your card was refunded.');
    return { order: toFiatOrder(final), balances: await this.ledger.balances(this.db.kysely, userId) };
  }

  /**
   * Applies a successful charge once per event id, from the order as read under its lock:
   * credits par, or completes the NFT sale. A charge for an NFT whose reservation was
   * cancelled or ran out meanwhile fails the order instead and is refunded to the card.
   */
  async applyEvent(event: GatewayEvent): Promise<boolean> {
    const outcome = await this.tx(async (trx) => {
      const now = Date.now();
      if (!(await repo.recordGatewayEvent(trx, { ...event, now }))) return 'seen' as const;
      const order = await repo.fiatOrders.lock(trx, this.db.dialect, 'order_no', event.reference);
      if (!order || order.status !== 'pending') return 'seen' as const;
      // The buyer before their ledger account and their NFT order, as paying with par takes them
      // (decision 0019): the NFT's new owner and its provenance are key shares on the buyer, and a
      // closing queued on the buyer's row meanwhile would wait on this order's locks, which a
      // payment of the same order holding the buyer waits on too (the model test's deadlock).
      await holdMember(trx, this.db.dialect, order.user_id);
      if (order.type === 'topup') {
        await repo.fiatOrders.move(trx, order, 'paid', { charge_id: event.chargeId, paid_at: now });
        await this.ledger.post(
          trx,
          {
            kind: 'topup',
            reference: order.order_no,
            memo: 'Top-up by card',
            postings: [
              { account: { system: 'gateway_clearing' }, asset: 'par', amount: -order.amount },
              { account: { user: order.user_id }, asset: 'par', amount: order.amount },
            ],
          },
          now,
        );
        return 'applied' as const;
      }
      const nftOrder = await this.nftOrders.lockOwn(trx, order.user_id, order.order_no);
      if (!this.nftOrders.payable(nftOrder, now)) {
        await repo.fiatOrders.move(trx, order, 'failed', { charge_id: event.chargeId, failure: 'The NFT was no longer reserved for you when your card payment arrived. Your card was refunded.', refund_due_at: now });
        await this.nftOrders.release(trx, nftOrder, 'cancelled');
        return 'refund' as const;
      }
      await repo.fiatOrders.move(trx, order, 'paid', { charge_id: event.chargeId, paid_at: now });
      await this.nftOrders.completeSale(trx, nftOrder, 'card');
      return 'applied' as const;
    });
    if (outcome === 'refund') await this.refundCharge({ order_no: event.reference, charge_id: event.chargeId });
    return outcome === 'applied';
  }

  /**
   * Pays back a charge the order could not use. The failure has committed, so the refund is
   * owed whatever happens here: a gateway failure is left for `retryRefunds`, and the
   * idempotency key makes a retry (or two instances retrying) pay out once.
   */
  private async refundCharge(order: { order_no: string; charge_id: string | null }): Promise<boolean> {
    const row = await repo.findFiatOrder(this.db.kysely, order.order_no);
    if (!row || !order.charge_id || row.refunded_at !== null) return false;
    try {
      await this.gateway.refund({ chargeId: order.charge_id, amount: row.amount, idempotencyKey: `fiat-refund:${row.order_no}` });
    } catch (error) {
      this.log.warn({ err: error, orderNo: row.order_no }, 'card refund of an unused charge failed; housekeeping will retry it');
      return false;
    }
    await repo.markRefunded(this.db.kysely, row.id, Date.now());
    return true;
  }

  /** Unused charges still owed back (a gateway failure when it was first tried): tried again. */
  async retryRefunds(): Promise<number> {
    let refunded = 0;
    for (const order of await repo.refundsOwed(this.db.kysely, 50)) if (await this.refundCharge(order)) refunded += 1;
    return refunded;
  }

  private tx<T>(fn: (trx: Q) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(fn);
  }

  signEvent(event: GatewayEvent): string {
    return this.sign(event);
  }

  verifySignature(event: GatewayEvent, signature: string | undefined): void {
    const expected = Buffer.from(this.signEvent(event), 'hex');
    const given = Buffer.from(signature ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest('x-gateway-signature: the event signature is not valid', { 'x-gateway-signature': 'is not valid' });
  }
}
