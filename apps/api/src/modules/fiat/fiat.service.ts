import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromMinor, toMinor, type Balances, type fiatOrder, type fiatOrderBody } from '@parmeta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError, badRequest, unauthorized } from '../../http/errors.js';
import { orderNumber } from '../../lib/order-number.js';
import type { CardService } from '../account/card.service.js';
import { opaqueToken, sha256 } from '../auth/tokens.js';
import type { Ledger } from '../ledger/ledger.js';
import { findNftOrder } from '../market/market.repository.js';
import type { NftOrderService } from '../market/nft-order.service.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { FiatOrderRow } from './fiat.table.js';
import * as repo from './fiat.repository.js';

const PAYMENT_TOKEN_TTL_MS = 10 * 60_000;
type FiatOrder = z.infer<typeof fiatOrder>;

export interface GatewayEvent {
  eventId: string;
  chargeId: string;
  reference: string;
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
  private readonly webhookKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
    private readonly cards: CardService,
    private readonly nftOrders: NftOrderService,
    private readonly log: FastifyBaseLogger,
    config: Config,
  ) {
    this.webhookKey = createHmac('sha256', config.jwtSecret).update('gateway-webhook').digest();
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
    const order = await this.db.kysely.transaction().execute(async (trx) => {
      if (!(await repo.consumePaymentToken(trx, sha256(paymentToken), userId, now))) throw unauthorized('The payment token is missing, used or expired. Start the payment again.');
      if (body.type === 'topup') {
        return repo.insertFiatOrder(trx, { orderNo: orderNumber('TOP', now), userId, type: 'topup', amount: toMinor(body.amount), nftId: null, now });
      }
      const reserved = await this.nftOrders.reserve(trx, userId, body.nftId);
      return repo.insertFiatOrder(trx, { orderNo: reserved.order_no, userId, type: 'nft', amount: reserved.price, nftId: body.nftId, now });
    });

    const charge = await this.gateway.charge({ token: cardToken, amount: order.amount, currency: 'USD', reference: order.order_no, idempotencyKey: `fiat:${order.order_no}` });
    if (charge.status !== 'succeeded') {
      await this.db.kysely.transaction().execute(async (trx) => {
        await repo.markFiatFailed(trx, order.order_no, charge.chargeId, charge.message);
        const nftOrder = order.type === 'nft' ? await findNftOrder(trx, order.order_no) : undefined;
        if (nftOrder) await this.nftOrders.release(trx, nftOrder);
      });
      throw new AppError('BUSINESS_RULE', `${charge.message} Your card was not charged.`);
    }
    const event = { eventId: `evt_${charge.chargeId}`, chargeId: charge.chargeId, reference: order.order_no };
    // The sandbox gateway also delivers this event to our callback, as a real gateway would,
    // racing the confirmation below; the event id makes sure only one of them applies it.
    setImmediate(() => void this.applyEvent(event).catch((error: unknown) => this.log.error({ err: error }, 'sandbox webhook delivery failed')));
    await this.applyEvent(event);
    const final = (await repo.findFiatOrder(this.db.kysely, order.order_no)) as FiatOrderRow;
    return { order: toFiatOrder(final), balances: await this.ledger.balances(this.db.kysely, userId) };
  }

  /** Applies a successful charge once per event id: credits par, or completes the NFT sale. */
  async applyEvent(event: GatewayEvent): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const now = Date.now();
      if (!(await repo.recordGatewayEvent(trx, { ...event, now }))) return false;
      const order = await repo.findFiatOrder(trx, event.reference);
      if (!order || !(await repo.markFiatPaid(trx, order.order_no, event.chargeId, now))) return false;
      if (order.type === 'topup') {
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
      } else {
        const nftOrder = await findNftOrder(trx, order.order_no);
        if (!nftOrder) throw new Error(`fiat order ${order.order_no} has no NFT order`);
        await this.nftOrders.completeSale(trx, nftOrder, 'card');
      }
      return true;
    });
  }

  signEvent(event: GatewayEvent): string {
    return createHmac('sha256', this.webhookKey).update(`${event.eventId}.${event.chargeId}.${event.reference}`).digest('hex');
  }

  verifySignature(event: GatewayEvent, signature: string | undefined): void {
    const expected = Buffer.from(this.signEvent(event), 'hex');
    const given = Buffer.from(signature ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest('x-gateway-signature: the event signature is not valid', { 'x-gateway-signature': 'is not valid' });
  }
}
