import type { Balances, OrderDetail, payOrderBody } from '@parmeta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { AppError, businessRule, conflict, notFound } from '../../http/errors.js';
import type { CardService } from '../account/card.service.js';
import type { Ledger, PostingInput } from '../ledger/ledger.js';
import { enqueueMail } from '../mail/mail.repository.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { memberClassFor } from '../users/member-class.js';
import { orderCancelledMail, orderPaidMail, orderShippedMail } from './order.mails.js';
import * as repo from './order.repository.js';
import { ORDER_NOT_FOUND, type OrderService } from './order.service.js';
import type { ShopOrderStatus } from './shop.table.js';

type Q = Kysely<Database>;
type Order = repo.OrderWithBuyer;
/** Extra work that must commit with the state change (e.g. the admin audit record). */
type InTx = (trx: Q) => Promise<void>;
type Found = NonNullable<Awaited<ReturnType<typeof repo.findOrderWithLines>>>;

/** Which states an order may move to, and from where. Anything else is refused with 422. */
const ALLOWED: Record<ShopOrderStatus, ShopOrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

const label = (s: ShopOrderStatus) => s.replace('_', ' ');

export function assertTransition(from: ShopOrderStatus, to: ShopOrderStatus): void {
  if (!ALLOWED[from].includes(to)) throw businessRule(`An order that is ${label(from)} cannot become ${label(to)}.`);
}

/**
 * What happens to an order after it is created: payment (par or card), cancellation with
 * stock released and the payment refunded to where it came from, expiry of unpaid orders,
 * and fulfilment. Each state change is a conditional update from the state we saw, so
 * two requests racing over one order cannot both apply.
 */
export class OrderLifecycle {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
    private readonly cards: CardService,
    private readonly orders: OrderService,
    private readonly nudgeMail: () => void,
    /** Told after a committed change that puts stock back, so the shop's lists show it at once. */
    private readonly catalogChanged: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  async pay(userId: number, body: z.output<typeof payOrderBody>): Promise<{ order: OrderDetail; balances: Balances }> {
    const found = await repo.findOrderWithLines(this.db.kysely, body.orderNo);
    if (!found || found.order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
    const { order } = found;
    if (order.status !== 'paid') this.assertPayable(order);
    if (order.status === 'pending_payment') {
      if (body.method === 'par') {
        await this.db.kysely.transaction().execute((trx) => this.markPaid(trx, found, { method: 'par' }));
      } else {
        await this.payByCard(found, body.cardToken ?? (await this.cards.tokenOf(userId, body.card_id as number)));
      }
      this.nudgeMail();
    }
    return { order: await this.orders.detail(userId, body.orderNo), balances: await this.ledger.balances(this.db.kysely, userId) };
  }

  private assertPayable(order: Order): void {
    if (order.status !== 'pending_payment') throw businessRule(`This order is ${label(order.status)} and cannot be paid.`);
    if (order.expires_at <= Date.now()) throw businessRule('This order waited too long for payment and has expired. Your cart is still here: check out again.');
  }

  private async payByCard(found: Found, token: string): Promise<void> {
    const { order } = found;
    const card = await this.gateway.cardInfo(token);
    // One charge per order and card: retrying the same card never charges twice.
    const charge = await this.gateway.charge({ token, amount: order.total, currency: 'USD', reference: order.order_no, idempotencyKey: `shop:${order.order_no}:${token}` });
    if (charge.status !== 'succeeded') throw new AppError('BUSINESS_RULE', `${charge.message} The order is still waiting for payment.`);
    const paid = await this.db.kysely.transaction().execute((trx) => this.markPaid(trx, found, { method: 'card', chargeId: charge.chargeId, last4: card?.last4 ?? null }));
    if (!paid) {
      const current = await repo.findOrder(this.db.kysely, order.order_no);
      if (current?.charge_id === charge.chargeId) return; // the same charge was applied by a concurrent request
      await this.gateway.refund({ chargeId: charge.chargeId, amount: order.total, idempotencyKey: `shop-race:${order.order_no}:${charge.chargeId}` });
      throw conflict('This order changed while you were paying (it was paid or cancelled elsewhere). Your card was refunded.');
    }
  }

  /** pending_payment -> paid: the money, lifetime spend, premium points and the confirmation mail, together. */
  private async markPaid(trx: Q, { order, lines, lifetimeSpend }: Found, payment: { method: 'par' } | { method: 'card'; chargeId: string; last4: string | null }): Promise<boolean> {
    const now = Date.now();
    // Points at the member class the buyer had when paying.
    const points = Math.floor((order.total * this.config.rules.pointsPerParSpent * memberClassFor(lifetimeSpend, this.config.memberClasses).pointsPercent) / 10_000);
    const moved = await repo.transition(trx, order.id, ['pending_payment'], {
      status: 'paid',
      paid_at: now,
      updated_at: now,
      payment_method: payment.method,
      points_awarded: points,
      ...(payment.method === 'card' ? { charge_id: payment.chargeId, card_last4: payment.last4 } : {}),
    });
    if (!moved) {
      if (payment.method === 'card') return false;
      const current = await repo.findOrder(trx, order.order_no);
      if (current?.status === 'paid') return true; // paid a moment ago by the same buyer
      throw businessRule('This order can no longer be paid.');
    }
    const postings: PostingInput[] =
      payment.method === 'par'
        ? [
            { account: { user: order.user_id }, asset: 'par', amount: -order.total },
            { account: { system: 'shop_revenue' }, asset: 'par', amount: order.total },
          ]
        : [];
    if (points > 0) {
      postings.push({ account: { system: 'premium_issuance' }, asset: 'premium', amount: -points }, { account: { user: order.user_id }, asset: 'premium', amount: points });
    }
    if (postings.length > 0) {
      await this.ledger.post(trx, { kind: payment.method === 'par' ? 'shop_payment' : 'points_award', reference: order.order_no, memo: `Shop order ${order.order_no}`, postings }, now);
    }
    await repo.addLifetimeSpend(trx, order.user_id, order.total);
    await enqueueMail(trx, { kind: 'order_paid', to: order.email, ...orderPaidMail(this.config.publicUrl, order, lines) }, now);
    return true;
  }

  /** By the buyer (pending or paid orders) or by an admin. Stock goes back; a paid order is refunded where it was paid from. */
  async cancel(orderNo: string, actor: { userId: number } | { admin: true }, inTx?: InTx): Promise<void> {
    const order = 'userId' in actor ? await this.orders.own(this.db.kysely, actor.userId, orderNo) : await repo.findOrder(this.db.kysely, orderNo);
    if (!order) throw businessRule('No such order.');
    assertTransition(order.status, 'cancelled');
    let refund: 'par' | 'card' | null;
    try {
      refund = await this.db.kysely.transaction().execute(async (trx) => {
        const refunded = await this.cancelInTx(trx, order);
        await inTx?.(trx);
        return refunded;
      });
    } finally {
      this.catalogChanged();
    }
    if (refund === 'card') await this.refundCard(order);
    this.nudgeMail();
  }

  /**
   * Pays a cancelled card order back. The cancellation has committed, so the refund is owed
   * whatever happens here: a failure is left for `retryRefunds`, and the gateway's
   * idempotency key makes a retry (or two instances retrying) pay out once.
   */
  private async refundCard(order: Pick<Order, 'id' | 'order_no' | 'charge_id' | 'total'>): Promise<boolean> {
    if (!order.charge_id) return false;
    try {
      await this.gateway.refund({ chargeId: order.charge_id, amount: order.total, idempotencyKey: `shop-cancel:${order.order_no}` });
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no }, 'card refund failed after cancellation; housekeeping will retry it');
      return false;
    }
    await repo.markCardRefunded(this.db.kysely, order.id, Date.now());
    return true;
  }

  /** Card refunds still owed for cancelled orders (a gateway failure at cancellation): tried again. */
  async retryRefunds(): Promise<number> {
    let refunded = 0;
    for (const order of await repo.refundsOwed(this.db.kysely, 50)) if (await this.refundCard(order)) refunded += 1;
    return refunded;
  }

  private async cancelInTx(trx: Q, order: Order): Promise<'par' | 'card' | null> {
    const now = Date.now();
    if (!(await repo.transition(trx, order.id, ['pending_payment', 'paid'], { status: 'cancelled', cancelled_at: now, updated_at: now }))) {
      throw conflict('This order changed a moment ago. Reload it and try again.');
    }
    await repo.returnStock(trx, order.id, now);
    const wasPaid = order.status === 'paid';
    if (wasPaid) {
      const postings: PostingInput[] =
        order.payment_method === 'par'
          ? [
              { account: { system: 'shop_revenue' }, asset: 'par', amount: -order.total },
              { account: { user: order.user_id }, asset: 'par', amount: order.total },
            ]
          : [];
      // Points already spent cannot be taken back; we take back what is still there.
      const points = Math.min(order.points_awarded, (await this.ledger.balancesMinor(trx, order.user_id)).premium);
      if (points > 0) postings.push({ account: { user: order.user_id }, asset: 'premium', amount: -points }, { account: { system: 'premium_issuance' }, asset: 'premium', amount: points });
      if (postings.length > 0) await this.ledger.post(trx, { kind: order.payment_method === 'par' ? 'shop_refund' : 'points_reversal', reference: order.order_no, memo: `Cancelled order ${order.order_no}`, postings }, now);
      await repo.addLifetimeSpend(trx, order.user_id, -order.total);
    }
    await enqueueMail(trx, { kind: 'order_cancelled', to: order.email, ...orderCancelledMail(this.config.publicUrl, order, wasPaid ? order.payment_method : null) }, now);
    return wasPaid ? order.payment_method : null;
  }

  /** Unpaid orders past their time: cancelled, stock back. Safe to run on several instances at once. */
  async expire(now = Date.now()): Promise<number> {
    let expired = 0;
    for (const { order_no } of await repo.dueForExpiry(this.db.kysely, now, 100)) {
      const done = await this.db.kysely.transaction().execute(async (trx) => {
        const order = await repo.findOrder(trx, order_no);
        if (!order || order.status !== 'pending_payment') return false;
        if (!(await repo.transition(trx, order.id, ['pending_payment'], { status: 'cancelled', cancelled_at: now, updated_at: now }))) return false;
        await repo.returnStock(trx, order.id, now);
        return true;
      });
      if (done) {
        expired += 1;
        this.catalogChanged();
      }
    }
    return expired;
  }

  async ship(orderNo: string, carrier: string, trackingNo: string, inTx?: InTx): Promise<void> {
    const now = Date.now();
    await this.db.kysely.transaction().execute(async (trx) => {
      const order = await repo.findOrder(trx, orderNo);
      if (!order) throw businessRule('No such order.');
      assertTransition(order.status, 'shipped');
      if (!(await repo.transition(trx, order.id, ['paid'], { status: 'shipped', shipped_at: now, updated_at: now, carrier, tracking_no: trackingNo }))) throw conflict('This order changed a moment ago.');
      await enqueueMail(trx, { kind: 'order_shipped', to: order.email, ...orderShippedMail(this.config.publicUrl, order, carrier, trackingNo) }, now);
      await inTx?.(trx);
    });
    this.nudgeMail();
  }

  async deliver(orderNo: string, inTx?: InTx): Promise<void> {
    const now = Date.now();
    await this.db.kysely.transaction().execute(async (trx) => {
      const order = await repo.findOrder(trx, orderNo);
      if (!order) throw businessRule('No such order.');
      assertTransition(order.status, 'delivered');
      if (!(await repo.transition(trx, order.id, ['shipped'], { status: 'delivered', delivered_at: now, updated_at: now }))) throw conflict('This order changed a moment ago.');
      await inTx?.(trx);
    });
  }
}
