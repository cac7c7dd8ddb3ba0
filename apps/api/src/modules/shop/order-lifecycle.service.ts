import type { Balances, OrderDetail, payOrderBody } from '@parmeta/contracts';
import { carrierName, trackingUrl } from '@parmeta/contracts/shop/carriers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { transact } from '../../db/group-commit.js';
import { AppError, businessRule, conflict, notFound } from '../../http/errors.js';
import type { CardService } from '../account/card.service.js';
import type { Ledger, PostingInput } from '../ledger/ledger.js';
import { enqueueMail } from '../mail/mail.repository.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { memberClassFor } from '../users/member-class.js';
import { alertBackInStockForOrder } from '../wishlist/stock-alerts.js';
import { orderCancelledMail, orderExpiredMail, orderPaidMail, orderShippedMail } from './order.mails.js';
import * as repo from './order.repository.js';
import { releasePromo } from '../promos/promo.service.js';
import { ORDER_NOT_FOUND, type OrderService } from './order.service.js';
import { toOrderDetail } from './order.view.js';
import type { ShopOrderStatus } from './shop.table.js';

type Q = Kysely<Database>;
type Order = repo.OrderWithBuyer;
/** Extra work that must commit with the state change (e.g. the admin audit record); gets the order as it was before. */
type InTx = (trx: Q, before: Order) => Promise<void>;
type Found = NonNullable<Awaited<ReturnType<typeof repo.findOrderWithLines>>>;
type Payment = { method: 'par' } | { method: 'card'; chargeId: string; last4: string | null };
/** What paying answers: the order and the buyer's balances, as the payment left them. */
export type Paid = { order: OrderDetail; balances: Balances };

const label = (s: ShopOrderStatus) => s.replace('_', ' ');

export function assertTransition(from: ShopOrderStatus, to: ShopOrderStatus): void {
  repo.shopOrders.assert(from, to);
}

/**
 * What happens to an order after it is created: payment (par or card), cancellation with
 * stock released and the payment refunded to where it came from, expiry of unpaid orders,
 * and fulfilment. Every change decides from the order as read, locked, inside the
 * transaction that writes it, and moves it with a conditional update from exactly that
 * state (repo.shopOrders, docs/decisions/0019): pay, cancel, expire and ship racing over
 * one order apply one after the other, each seeing what the one before did.
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

  /**
   * Every change here is database work only (the gateway is called outside it), so on SQLite it
   * goes through the group commit: concurrent payments and cancellations share one COMMIT and
   * one WAL flush, and each caller is answered once its change is durable (db/group-commit.ts).
   */
  private tx<T>(fn: (trx: Q) => Promise<T>): Promise<T> {
    return transact(this.db, fn);
  }

  /** The buyer's order with its lines, locked; 404 for an order that is not theirs. */
  private async lockOwn(trx: Q, userId: number, orderNo: string): Promise<Found> {
    const found = await repo.findOrderWithLines(trx, orderNo, this.db.dialect);
    if (!found || found.order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
    return found;
  }

  /**
   * `keep`, when given, is called as the last write of the transaction that marks a card payment
   * paid, with what this answers (the Idempotency-Key's answer: it commits with the payment).
   */
  async pay(userId: number, body: z.output<typeof payOrderBody>, keep?: (trx: Q, paid: Paid) => Promise<void>): Promise<Paid> {
    if (body.method === 'par') {
      const paid = await this.tx((trx) => this.payWithParIn(trx, userId, body.orderNo));
      this.nudgeMail();
      return paid;
    }
    // Checked before charging, so a card is not charged for an order that cannot be paid;
    // decided again, under the lock, once the charge is back. The order's row is enough here:
    // its lines are read under the lock.
    const order = await repo.findOrder(this.db.kysely, body.orderNo);
    if (!order || order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
    let paid: Paid | null = null;
    if (order.status !== 'paid') {
      this.assertPayable(order);
      paid = await this.payByCard(userId, order, body.cardToken ?? (await this.cards.tokenOf(userId, body.card_id as number)), keep);
      this.nudgeMail();
    }
    return paid ?? { order: await this.orders.detail(userId, body.orderNo), balances: await this.ledger.balances(this.db.kysely, userId) };
  }

  /**
   * Pays the buyer's order with par inside `trx` (the caller's transaction, which may also hold
   * the Idempotency-Key's claim and stored answer: one COMMIT for all of it), and answers the
   * order and balances as they are once it commits. The caller nudges the mail worker after
   * the commit (mailQueued).
   */
  async payWithParIn(trx: Q, userId: number, orderNo: string): Promise<Paid> {
    const found = await this.lockOwn(trx, userId, orderNo);
    // Paid already (a repeated request of the same buyer): answered as it is.
    if (found.order.status === 'paid') return { order: toOrderDetail(found.order, found.order.user_name, found.lines), balances: await this.ledger.balances(trx, userId) };
    return this.markPaid(trx, found, { method: 'par' });
  }

  /** Tells the mail worker that a committed change queued mail. */
  mailQueued(): void {
    this.nudgeMail();
  }

  private assertPayable(order: Pick<Order, 'status' | 'expires_at'>): void {
    if (order.status !== 'pending_payment') throw businessRule(`This order is ${label(order.status)} and cannot be paid.`);
    if (order.expires_at <= Date.now()) throw businessRule('This order waited too long for payment and has expired. Your cart is still here: check out again.');
  }

  /**
   * The charge goes to the gateway outside any transaction (it may take seconds); what it
   * bought is decided after, under the lock. An order that was cancelled, expired or paid
   * otherwise meanwhile gets this charge refunded at once.
   */
  private async payByCard(userId: number, order: Order, token: string, keep?: (trx: Q, paid: Paid) => Promise<void>): Promise<Paid | null> {
    // One charge per order and card: retrying the same card never charges twice.
    const charge = await this.gateway.charge({ token, amount: order.total, currency: 'USD', reference: order.order_no, idempotencyKey: `shop:${order.order_no}:${token}` });
    if (charge.status !== 'succeeded') throw new AppError('BUSINESS_RULE', `${charge.message} The order is still waiting for payment.`);
    // Null: applied by a concurrent repeat of this request (the caller reads the answer); false: not payable any more.
    const applied = await this.tx(async (trx): Promise<Paid | null | false> => {
      const found = await this.lockOwn(trx, userId, order.order_no);
      if (found.order.charge_id === charge.chargeId) return null;
      if (found.order.status !== 'pending_payment' || found.order.expires_at <= Date.now()) return false;
      const paid = await this.markPaid(trx, found, { method: 'card', chargeId: charge.chargeId, last4: charge.last4 });
      await keep?.(trx, paid);
      return paid;
    });
    if (applied === false) {
      await this.gateway.refund({ chargeId: charge.chargeId, amount: order.total, idempotencyKey: `shop-race:${order.order_no}:${charge.chargeId}` });
      throw conflict('This order changed while you were paying (it was paid, cancelled or expired meanwhile). Your card was refunded.');
    }
    return applied;
  }

  /**
   * pending_payment -> paid, from the locked order: the money, lifetime spend, premium points and
   * the confirmation mail, together. Answers the order as this leaves it (the locked row with
   * exactly the columns written here) and the buyer's balances after the entry, without reading
   * either again.
   */
  private async markPaid(trx: Q, { order, lines, lifetimeSpend }: Found, payment: Payment): Promise<Paid> {
    this.assertPayable(order);
    const now = Date.now();
    // Points at the member class the buyer had when paying (the buyer's row is locked with the order).
    const points = Math.floor((order.total * this.config.rules.pointsPerParSpent * memberClassFor(lifetimeSpend, this.config.memberClasses).pointsPercent) / 10_000);
    const set: repo.PaidColumns = {
      paid_at: now,
      updated_at: now,
      payment_method: payment.method,
      points_awarded: points,
      ...(payment.method === 'card' ? { charge_id: payment.chargeId, card_last4: payment.last4 } : {}),
    };
    // The order moves to paid (conditionally on its state), with the lifetime spend and the confirmation mail.
    await repo.recordPayment(trx, this.db.dialect, order, set, { kind: 'order_paid', to: order.email, ...orderPaidMail(this.config.publicUrl, order, lines) }, now);
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
    const balances =
      postings.length > 0
        ? await this.ledger.postAndRead(trx, order.user_id, { kind: payment.method === 'par' ? 'shop_payment' : 'points_award', reference: order.order_no, memo: `Shop order ${order.order_no}`, postings }, now)
        : await this.ledger.balances(trx, order.user_id);
    return { order: toOrderDetail({ ...order, ...set, status: 'paid' }, order.user_name, lines), balances };
  }

  /** By the buyer (pending or paid orders) or by an admin. Stock goes back; a paid order is refunded where it was paid from. */
  async cancel(orderNo: string, actor: { userId: number } | { admin: true }, inTx?: InTx): Promise<void> {
    let cancelled: Order | undefined;
    try {
      cancelled = await this.tx(async (trx) => {
        const order = await repo.lockOrder(trx, this.db.dialect, orderNo);
        if (!order || ('userId' in actor && order.user_id !== actor.userId)) throw notFound('userId' in actor ? ORDER_NOT_FOUND : 'No such order.');
        await this.cancelInTx(trx, order, 'userId' in actor ? 'buyer' : 'admin');
        await inTx?.(trx, order);
        return order;
      });
    } finally {
      this.catalogChanged();
    }
    if (cancelled.status === 'paid' && cancelled.payment_method === 'card') await this.refundCard(cancelled);
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

  /** `order` as read under the lock: cancelled, stock back, and what was paid given back. */
  private async cancelInTx(trx: Q, order: Order, reason: 'buyer' | 'admin'): Promise<void> {
    const now = Date.now();
    await repo.shopOrders.move(trx, order, 'cancelled', { cancelled_at: now, cancel_reason: reason, updated_at: now });
    await repo.returnStock(trx, this.db.dialect, order.id, now);
    await alertBackInStockForOrder(trx, this.config.publicUrl, order.id, now);
    await releasePromo(trx, order.id, now);
    const wasPaid = order.status === 'paid';
    if (wasPaid) {
      const postings: PostingInput[] =
        order.payment_method === 'par'
          ? [
              { account: { system: 'shop_revenue' }, asset: 'par', amount: -order.total },
              { account: { user: order.user_id }, asset: 'par', amount: order.total },
            ]
          : [];
      // Points already spent cannot be taken back; we take back what is still there (read
      // locked, so a conversion cannot spend them between this read and the entry).
      const points = Math.min(order.points_awarded, (await this.ledger.lockedBalancesMinor(trx, order.user_id)).premium);
      if (points > 0) postings.push({ account: { user: order.user_id }, asset: 'premium', amount: -points }, { account: { system: 'premium_issuance' }, asset: 'premium', amount: points });
      if (postings.length > 0) await this.ledger.post(trx, { kind: order.payment_method === 'par' ? 'shop_refund' : 'points_reversal', reference: order.order_no, memo: `Cancelled order ${order.order_no}`, postings }, now);
      await repo.addLifetimeSpend(trx, order.user_id, -order.total);
    }
    await enqueueMail(trx, { kind: 'order_cancelled', to: order.email, ...orderCancelledMail(this.config.publicUrl, order, wasPaid ? order.payment_method : null) }, now);
  }

  /**
   * Unpaid orders past their time: cancelled, stock back, and the buyer told by mail (in the
   * same transaction, so the mail goes exactly when the order expires). Safe to run on several
   * instances at once.
   */
  async expire(now = Date.now()): Promise<number> {
    let expired = 0;
    for (const { order_no } of await repo.dueForExpiry(this.db.kysely, now, 100)) {
      const done = await this.tx(async (trx) => {
        const order = await repo.lockOrder(trx, this.db.dialect, order_no);
        // Paid, cancelled or expired by someone else since the list was read.
        if (!order || order.status !== 'pending_payment' || order.expires_at > now) return false;
        await repo.shopOrders.move(trx, order, 'cancelled', { cancelled_at: now, cancel_reason: 'expired', updated_at: now });
        await repo.returnStock(trx, this.db.dialect, order.id, now);
        await alertBackInStockForOrder(trx, this.config.publicUrl, order.id, now);
        await releasePromo(trx, order.id, now);
        await enqueueMail(trx, { kind: 'order_expired', to: order.email, ...orderExpiredMail(this.config.publicUrl, order) }, now);
        return true;
      });
      if (done) {
        expired += 1;
        this.catalogChanged();
      }
    }
    if (expired > 0) this.nudgeMail();
    return expired;
  }

  async ship(orderNo: string, carrier: string, trackingNo: string, inTx?: InTx): Promise<void> {
    const now = Date.now();
    await this.tx(async (trx) => {
      const order = await repo.lockOrder(trx, this.db.dialect, orderNo);
      if (!order) throw notFound('No such order.');
      await repo.shopOrders.move(trx, order, 'shipped', { shipped_at: now, updated_at: now, carrier, tracking_no: trackingNo });
      await enqueueMail(trx, { kind: 'order_shipped', to: order.email, ...orderShippedMail(this.config.publicUrl, order, carrierName(carrier) ?? carrier, trackingNo, trackingUrl(carrier, trackingNo)) }, now);
      await inTx?.(trx, order);
    });
    this.nudgeMail();
  }

  async deliver(orderNo: string, inTx?: InTx): Promise<void> {
    const now = Date.now();
    await this.tx(async (trx) => {
      const order = await repo.lockOrder(trx, this.db.dialect, orderNo);
      if (!order) throw notFound('No such order.');
      await repo.shopOrders.move(trx, order, 'delivered', { delivered_at: now, updated_at: now });
      await inTx?.(trx, order);
    });
  }
}
