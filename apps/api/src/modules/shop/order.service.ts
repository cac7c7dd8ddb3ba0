import type { OrderDetail, OrderSummary, Paged, ReorderItem, createOrderBody, shippingSchema } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { heldMember, holdMember } from '../../db/locks.js';
import { AppError, businessRule, notFound } from '../../http/errors.js';
import { orderNumber } from '../../lib/order-number.js';
import { memberClassFor } from '../users/member-class.js';
import * as repo from './order.repository.js';
import { toOrderDetail, toOrderSummary } from './order.view.js';
import { takeVariantStock } from '../variants/variant.repository.js';
import { claimPromo, recordPromo } from '../promos/promo.service.js';
import { checkOrderVariants, parseOptions, variantLabel, type AskedLine } from '../variants/variant.service.js';

type Q = Kysely<Database>;
type Shipping = z.output<typeof shippingSchema>;
export const ORDER_NOT_FOUND = 'That order was not found among your orders.';

export interface Pricing {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/**
 * Member-class discount (basis points, rounded down), then a promo code's discount when there is
 * one (docs/decisions/0051), and the shipping rule (free from a threshold, after discounts).
 */
export function priceOrder(subtotal: number, discountBps: number, rules: Config['rules'], promo = 0): Pricing {
  const discount = Math.floor((subtotal * discountBps) / 10_000) + promo;
  const shipping = subtotal - discount >= rules.freeShippingFrom ? 0 : rules.shippingFee;
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}

/** The order's lines, one per product and variant (docs/decisions/0050), and each product's quantity over all of its lines. */
function askedOf(body: z.output<typeof createOrderBody>) {
  const asked = new Map<string, AskedLine>();
  for (const line of body.list) {
    const key = `${line.id}:${line.variantId ?? 0}`;
    const known = asked.get(key);
    if (known) known.qty += line.qty;
    else asked.set(key, { id: line.id, qty: line.qty, variantId: line.variantId });
  }
  const qty = new Map<number, number>();
  for (const line of asked.values()) qty.set(line.id, (qty.get(line.id) ?? 0) + line.qty);
  return { asked, qty, ids: [...qty.keys()] };
}

type ProductsById = Map<number, repo.OrderProduct>;

/** The refusal for stock, naming each product that is short in the rows read. */
function outOfStock(ids: number[], qty: Map<number, number>, byId: ProductsById): AppError {
  const short = ids.map((id) => byId.get(id)!).filter((p) => p.stock < (qty.get(p.id) as number));
  const names = short.map((p) => (p.stock === 0 ? `"${p.name}" is out of stock` : `only ${p.stock} of "${p.name}" left`)).join('; ');
  return new AppError('OUT_OF_STOCK', `Sorry: ${names || 'an item just sold out'}. Update your cart and try again.`);
}

/** Refuses what the product rows already decide: a product missing or no longer sold, then stock short. */
function refuseFromRows(ids: number[], qty: Map<number, number>, byId: ProductsById): void {
  for (const id of ids) {
    const product = byId.get(id);
    if (!product || product.active !== 1) throw businessRule(`A product in your cart (id ${id}) is no longer sold. Remove it and try again.`);
  }
  if (ids.some((id) => byId.get(id)!.stock < (qty.get(id) as number))) throw outOfStock(ids, qty, byId);
}

/**
 * Creating and reading shop orders. An order is priced from the database (never from
 * the client), takes its stock atomically when it is created, and waits for payment
 * until it expires.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /**
   * Reads the products an order names before its transaction, and refuses there what the rows
   * already decide: a product no longer sold, or stock already short. A sold-out product's orders
   * (most of the orders during a rush on it) are then one read instead of a transaction that
   * claims the key, reads and rolls back. Nothing is taken here: the stock is taken by the
   * conditional update inside the transaction, which checks stock and `active` again, so a row
   * read here that changes before it is never oversold. The rows are the order's prices and
   * names, as a read inside the transaction would be (each statement reads what is committed
   * when it starts, on PostgreSQL as on SQLite's readers).
   * Returns 'answered' when the member's Idempotency-Key is already recorded: the caller replays
   * its answer, which a refusal here must not replace (idempotency's `answered`). Returns null, to
   * read again inside the transaction, when a product's row is missing (the transaction names it).
   * PostgreSQL only, where each statement is a round trip: on SQLite the transaction's statements
   * are calls in the process, and a read on another connection than the writer's costs more
   * (its page cache is checked against the WAL after every write: 484-566 paid orders/s in the
   * orders bench against 585-604 reading in the transaction; docs/decisions/0091).
   */
  async readBeforeOrder(userId: number, key: string | null, body: z.output<typeof createOrderBody>): Promise<repo.OrderProduct[] | 'answered' | null> {
    if (this.db.dialect !== 'postgres') return null;
    const { ids, qty } = askedOf(body);
    const rows = await repo.productsBeforeOrder(this.db.quick, ids, key === null ? null : { userId, key });
    if (rows.some((r) => r.keyUsed)) return 'answered';
    if (rows.length !== ids.length) return null;
    const products = rows.map((r) => r.product);
    refuseFromRows(ids, qty, new Map(products.map((p) => [p.id, p])));
    return products;
  }

  async create(trx: Q, userId: number, userName: string, body: z.output<typeof createOrderBody>, readBefore: repo.OrderProduct[] | null = null): Promise<OrderDetail> {
    const now = Date.now();
    const { asked, qty, ids } = askedOf(body);
    const products = readBefore ?? (await repo.productsForOrder(trx, ids));
    const byId = new Map(products.map((p) => [p.id, p]));
    // Short already in the rows read: refused before the stock update, which on PostgreSQL
    // would first lock (and wait for) a sold-out product's row that every order for it wants.
    // Only a refusal is decided here; taking the stock stays the conditional update below.
    refuseFromRows(ids, qty, byId);
    const variants = await checkOrderVariants(trx, [...asked.values()], byId);
    const lines = ids.map((id) => ({ id, qty: qty.get(id) as number }));
    // The buyer held against closing, before any stock is taken: closing either sees this order or
    // this order sees the account closed. Not needed for a refusal, so it comes after the one above.
    const { user, taken } = await this.holdAndTake(trx, userId, lines, now);
    if (taken !== lines.length) throw outOfStock(ids, qty, byId);
    const variantLines = [...asked.values()].flatMap((l) => (l.variantId === undefined ? [] : [{ variantId: l.variantId, qty: l.qty }]));
    if ((await takeVariantStock(trx, variantLines)) !== variantLines.length) {
      const short = [...asked.values()].filter((l) => l.variantId !== undefined && variants.get(l.variantId)!.stock < l.qty);
      const names = short.map((l) => {
        const v = variants.get(l.variantId!)!;
        const name = `"${byId.get(l.id)!.name}" (${variantLabel(parseOptions(byId.get(l.id)!.options), JSON.parse(v.option_values) as string[])})`;
        return v.stock === 0 ? `${name} is out of stock` : `only ${v.stock} of ${name} left`;
      });
      throw new AppError('OUT_OF_STOCK', `Sorry: ${names.join('; ') || 'an item just sold out'}. Update your cart and try again.`);
    }
    const priced = [...asked.values()].map((l) => {
      const p = byId.get(l.id)!;
      const v = l.variantId === undefined ? undefined : variants.get(l.variantId)!;
      const productImage = (JSON.parse(p.images) as string[])[0] ?? '';
      return {
        product_id: p.id,
        name: p.name,
        image: v?.image || productImage,
        unit_price: v ? v.price : p.price,
        qty: l.qty,
        variant_id: v ? Number(v.id) : null,
        variant_label: v ? variantLabel(parseOptions(p.options), JSON.parse(v.option_values) as string[]) : null,
        sku: v ? v.sku : null,
      };
    });
    const subtotal = priced.reduce((sum, l) => sum + l.unit_price * l.qty, 0);
    const bps = memberClassFor(user.lifetime_spend, this.config.memberClasses).discountBps;
    const promo = body.promoCode
      ? await claimPromo(trx, this.db.dialect, userId, body.promoCode, priced.map((l) => ({ total: l.unit_price * l.qty, categoryId: Number(byId.get(l.product_id)!.category_id) })), subtotal, bps, Math.floor((subtotal * bps) / 10_000), now)
      : null;
    const price = priceOrder(subtotal, bps, this.config.rules, promo?.discount ?? 0);
    const order = await repo.insertOrder(trx, {
      order_no: orderNumber('ORD', now),
      user_id: userId,
      status: 'pending_payment',
      subtotal: price.subtotal,
      discount: price.discount,
      shipping_fee: price.shipping,
      total: price.total,
      shipping: JSON.stringify(body.shipping),
      note: body.note,
      promo_code: promo?.code ?? null,
      promo_discount: promo?.discount ?? 0,
      expires_at: now + this.config.rules.orderExpiryMs,
      created_at: now,
      updated_at: now,
    });
    const inserted = await repo.insertLines(
      trx,
      priced.map((l) => ({ ...l, order_id: order.id })),
    );
    if (promo) await recordPromo(trx, promo, order.id, userId, now);
    return toOrderDetail({ ...order, points_awarded: 0 }, userName, inserted);
  }

  /** holdMember, then takeStock: one statement on PostgreSQL, where each is a round trip. */
  private async holdAndTake(trx: Q, userId: number, lines: { id: number; qty: number }[], now: number): Promise<{ user: { lifetime_spend: number }; taken: number }> {
    if (this.db.dialect !== 'postgres') {
      const user = await holdMember(trx, this.db.dialect, userId);
      return { user, taken: await repo.takeStock(trx, this.db.dialect, lines, now) };
    }
    const { member, taken } = await repo.holdMemberAndTakeStock(trx, userId, lines, now);
    return { user: heldMember(member), taken };
  }

  /** The caller's order, or 404: another member's order looks exactly like a missing one. */
  async own(db: Q, userId: number, orderNo: string): Promise<repo.OrderWithBuyer> {
    const order = await repo.findOrder(db, orderNo);
    if (!order || order.user_id !== userId) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  async detail(userId: number, orderNo: string, db: Q = this.db.kysely): Promise<OrderDetail> {
    const order = await this.own(db, userId, orderNo);
    return toOrderDetail(order, order.user_name, await repo.linesOf(db, order.id));
  }

  async price(userId: number, orderNo: string): Promise<Pricing> {
    return (await this.detail(userId, orderNo)).price;
  }

  async updateShipping(userId: number, orderNo: string, shipping: Shipping, note: string): Promise<OrderDetail> {
    const order = await this.own(this.db.kysely, userId, orderNo);
    if (!(await repo.updateShipping(this.db.kysely, order.id, JSON.stringify(shipping), note, Date.now()))) {
      throw businessRule(`This order is ${order.status.replace('_', ' ')}: its shipping details can no longer be changed.`);
    }
    return this.detail(userId, orderNo);
  }

  async list(userId: number, userName: string, page: number, pageSize: number): Promise<Paged<OrderSummary>> {
    const { items, total } = await repo.ordersPage(this.db.kysely, userId, pageSize, (page - 1) * pageSize);
    const lines = await repo.linePreviews(this.db.kysely, items.map((o) => o.id));
    return { items: items.map((o) => toOrderSummary(o, userName, lines.get(o.id) ?? [])), total, page, pageSize };
  }

  /**
   * The caller's order, product by product as the shop has it now: its price, and how many can
   * be bought (none of a product no longer sold). "Buy again" fills the cart from it; the
   * order itself is not touched, and stock is only taken when a new order is placed.
   */
  async reorderItems(userId: number, orderNo: string): Promise<ReorderItem[]> {
    const order = await this.own(this.db.kysely, userId, orderNo);
    const rows = await repo.linesWithProducts(this.db.kysely, order.id);
    const items = new Map<string, ReorderItem>();
    for (const r of rows) {
      const key = `${r.product_id}:${r.variant_id ?? 0}`;
      const known = items.get(key);
      if (known) {
        known.qty += r.qty;
        continue;
      }
      // A variant deleted since the order: nothing of it can be bought again.
      const gone = r.variant_id !== null && r.live_variant === null;
      const sold = r.active === 1 && r.stock !== null && !gone;
      const stock = r.variant_id !== null ? r.variant_stock : r.stock;
      const price = r.variant_id !== null ? r.variant_price : r.price;
      items.set(key, {
        productId: r.product_id,
        ...(r.variant_id === null ? {} : { variantId: Number(r.variant_id) }),
        name: r.name ?? r.line_name,
        image: r.variant_id !== null ? r.line_image : ((r.images ? (JSON.parse(r.images) as string[])[0] : undefined) ?? r.line_image),
        qty: r.qty,
        price: price === null ? 0 : fromMinor(price),
        available: sold ? Math.max(0, stock ?? 0) : 0,
      });
    }
    return [...items.values()];
  }
}
