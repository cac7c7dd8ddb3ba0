import type { OrderDetail, adminOrderFilter } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import type { OrderLifecycle } from '../shop/order-lifecycle.service.js';
import { findOrder, linePreviews, linesOf } from '../shop/order.repository.js';
import { toOrderDetail, toOrderSummary } from '../shop/order.view.js';
import { audit } from './audit.js';

/** Orders seen from the shop: filters across all customers, and the fulfilment steps, each audited. */
export class AdminOrderService {
  constructor(
    private readonly db: Db,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async list(f: z.output<typeof adminOrderFilter>) {
    let q = this.db.kysely.selectFrom('shop_order as o').innerJoin('app_user as u', 'u.id', 'o.user_id');
    if (f.status) q = q.where('o.status', '=', f.status);
    if (f.from !== undefined) q = q.where('o.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('o.created_at', '<', f.to);
    if (f.customer) {
      const like = `%${f.customer.toLowerCase()}%`;
      q = q.where((eb) => eb.or([eb('u.user_name', 'like', like), eb('u.email', 'like', like)]));
    }
    const [rows, total] = await Promise.all([
      q
        .select(['o.id', 'o.order_no', 'o.status', 'o.cancel_reason', 'o.total', 'o.created_at', 'o.expires_at', 'o.promo_code', 'o.promo_discount', 'u.user_name', 'u.email'])
        .select((eb) => eb.selectFrom('shop_order_line as l').select((inner) => inner.fn.sum<number>('l.qty').as('n')).whereRef('l.order_id', '=', 'o.id').as('item_count'))
        .orderBy('o.id', 'desc')
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const lines = await linePreviews(this.db.kysely, rows.map((r) => r.id));
    const promoOf = (r: (typeof rows)[number]) => (r.promo_code ? { code: r.promo_code, discount: fromMinor(r.promo_discount) } : null);
    return { items: rows.map((r) => ({ ...toOrderSummary(r, r.user_name, lines.get(r.id) ?? []), email: r.email, promo: promoOf(r) })), total: Number(total.n), page: f.page, pageSize: f.pageSize };
  }

  async detail(orderNo: string): Promise<OrderDetail> {
    const order = await findOrder(this.db.kysely, orderNo);
    if (!order) throw notFound('No such order.');
    return toOrderDetail(order, order.user_name, await linesOf(this.db.kysely, order.id));
  }

  // Each step is audited in its own transaction, with the state the order had under the lock.
  async ship(adminId: number, orderNo: string, carrier: string, trackingNo: string): Promise<OrderDetail> {
    await this.lifecycle.ship(orderNo, carrier, trackingNo, (trx, before) => audit(trx, adminId, 'order.ship', `order:${orderNo}`, { status: before.status }, { status: 'shipped', carrier, trackingNo }));
    return this.detail(orderNo);
  }

  async deliver(adminId: number, orderNo: string): Promise<OrderDetail> {
    await this.lifecycle.deliver(orderNo, (trx, before) => audit(trx, adminId, 'order.deliver', `order:${orderNo}`, { status: before.status }, { status: 'delivered' }));
    return this.detail(orderNo);
  }

  async cancel(adminId: number, orderNo: string): Promise<OrderDetail> {
    await this.lifecycle.cancel(orderNo, { admin: true }, (trx, before) => audit(trx, adminId, 'order.cancel', `order:${orderNo}`, { status: before.status }, { status: 'cancelled' }));
    return this.detail(orderNo);
  }

  async today(startOfDay: number) {
    const row = await this.db.kysely
      .selectFrom('shop_order')
      .select([
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(case when status in ('paid', 'shipped', 'delivered') then 1 else 0 end)`.as('paid'),
        sql<number>`sum(case when status in ('paid', 'shipped', 'delivered') then total else 0 end)`.as('revenue'),
      ])
      .where('created_at', '>=', startOfDay)
      .executeTakeFirstOrThrow();
    const toShip = await this.db.kysely.selectFrom('shop_order').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'paid').executeTakeFirstOrThrow();
    return { orders: Number(row.orders), paidOrders: Number(row.paid ?? 0), revenue: fromMinor(Number(row.revenue ?? 0)), ordersToShip: Number(toShip.n) };
  }
}
