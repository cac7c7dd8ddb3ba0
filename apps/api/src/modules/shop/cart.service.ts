import type { ServerCart } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import { MAX_CART_LINES } from '@parmeta/contracts/shop/shop-limits';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { holdMember } from '../../db/locks.js';
import { businessRule } from '../../http/errors.js';
import * as repo from './cart.repository.js';

type Q = Kysely<Database>;

export interface CartChange {
  id: number;
  qty: number;
  variantId?: number | undefined;
}

/** A line's key: the product and its variant (each variant of a product is a line of its own). */
const keyOf = (line: { id: number; variantId?: number | undefined }) => `${line.id}:${line.variantId ?? 0}`;

/**
 * The original's cart rule, one change at a time: a quantity below 1 removes the line, a known
 * id gets the new quantity, an unknown id is appended. Answers what to write.
 */
export function applyCartRule(lines: readonly repo.StoredLine[], changes: readonly CartChange[], nextPosition: number, exists: (id: number, variantId?: number) => boolean) {
  const byId = new Map(lines.map((line) => [keyOf(line), { ...line }]));
  let next = nextPosition;
  for (const { id, qty, variantId } of changes) {
    const key = keyOf({ id, variantId });
    if (qty < 1) byId.delete(key);
    else if (byId.has(key)) byId.get(key)!.qty = qty;
    else if (exists(id, variantId)) byId.set(key, { id, ...(variantId ? { variantId } : {}), qty, position: next++ });
  }
  return { lines: [...byId.values()].sort((a, b) => a.position - b.position), nextPosition: next };
}

/**
 * The cart kept per account. Every change takes the cart's row lock and decides from the lines
 * read under it (docs/decisions/0019): two devices changing the cart at once apply one after the
 * other, and the version tells each which copy is newer.
 */
export class CartService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async get(userId: number, db: Q = this.db.kysely): Promise<ServerCart> {
    const [lines, version] = await Promise.all([repo.cartLines(db, userId), repo.cartVersion(db, userId)]);
    return this.answer(lines, version);
  }

  async update(userId: number, changes: readonly CartChange[]): Promise<ServerCart> {
    const now = Date.now();
    return this.db.kysely.transaction().execute(async (trx) => {
      // The member first, against closing (which erases the cart after locking the member): a cart
      // row locked first would deadlock with it, and a cart written after it would outlive the account.
      await holdMember(trx, this.db.dialect, userId);
      const cart = await repo.lockCart(trx, this.db.dialect, userId, now);
      const before = await repo.cartLines(trx, userId);
      const had = new Set(before.map(keyOf));
      const added = changes.filter((c) => c.qty >= 1 && !had.has(keyOf(c)));
      const [exists, variants] = await Promise.all([
        repo.existingProducts(trx, added.map((c) => c.id)),
        repo.existingVariants(trx, added.flatMap((c) => (c.variantId ? [c.variantId] : []))),
      ]);
      // A variant line is kept only when the variant is one of that product's.
      const after = applyCartRule(before, changes, Number(cart.next_position), (id, variantId) => exists.has(id) && (!variantId || variants.get(variantId) === id));
      if (after.lines.length > MAX_CART_LINES && after.lines.length > before.length) {
        throw businessRule(`Your cart can hold at most ${MAX_CART_LINES} different products. Remove some before adding more.`);
      }
      const kept = new Map(after.lines.map((line) => [keyOf(line), line]));
      for (const line of before) {
        const updated = kept.get(keyOf(line));
        if (!updated) await repo.deleteLine(trx, userId, line.id, line.variantId);
        else if (updated.qty !== line.qty) await repo.setLineQty(trx, userId, line.id, updated.qty, line.variantId);
      }
      for (const line of after.lines) if (!had.has(keyOf(line))) await repo.insertLine(trx, userId, line);
      const version = Number(cart.version) + 1;
      await repo.saveCart(trx, userId, version, after.nextPosition, now);
      return this.answer(after.lines, version);
    });
  }

  private answer(lines: readonly repo.StoredLine[], version: number): ServerCart {
    const { shippingFee, freeShippingFrom } = this.config.rules;
    return { list: lines.map(({ id, qty, variantId }) => ({ id, qty, ...(variantId ? { variantId } : {}) })), version, shipping: { fee: fromMinor(shippingFee), freeFrom: fromMinor(freeShippingFrom) } };
  }
}
