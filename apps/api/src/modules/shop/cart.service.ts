import { fromMinor, MAX_CART_LINES, type ServerCart } from '@parmeta/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { businessRule } from '../../http/errors.js';
import * as repo from './cart.repository.js';

type Q = Kysely<Database>;

export interface CartChange {
  id: number;
  qty: number;
}

/**
 * The original's cart rule, one change at a time: a quantity below 1 removes the line, a known
 * id gets the new quantity, an unknown id is appended. Answers what to write.
 */
export function applyCartRule(lines: readonly repo.StoredLine[], changes: readonly CartChange[], nextPosition: number, exists: (id: number) => boolean) {
  const byId = new Map(lines.map((line) => [line.id, { ...line }]));
  let next = nextPosition;
  for (const { id, qty } of changes) {
    if (qty < 1) byId.delete(id);
    else if (byId.has(id)) byId.get(id)!.qty = qty;
    else if (exists(id)) byId.set(id, { id, qty, position: next++ });
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
      const cart = await repo.lockCart(trx, this.db.dialect, userId, now);
      const before = await repo.cartLines(trx, userId);
      const added = changes.filter((c) => c.qty >= 1 && !before.some((l) => l.id === c.id)).map((c) => c.id);
      const exists = await repo.existingProducts(trx, added);
      const after = applyCartRule(before, changes, Number(cart.next_position), (id) => exists.has(id));
      if (after.lines.length > MAX_CART_LINES && after.lines.length > before.length) {
        throw businessRule(`Your cart can hold at most ${MAX_CART_LINES} different products. Remove some before adding more.`);
      }
      const kept = new Map(after.lines.map((line) => [line.id, line]));
      for (const line of before) {
        const updated = kept.get(line.id);
        if (!updated) await repo.deleteLine(trx, userId, line.id);
        else if (updated.qty !== line.qty) await repo.setLineQty(trx, userId, line.id, updated.qty);
      }
      for (const line of after.lines) if (!before.some((b) => b.id === line.id)) await repo.insertLine(trx, userId, line);
      const version = Number(cart.version) + 1;
      await repo.saveCart(trx, userId, version, after.nextPosition, now);
      return this.answer(after.lines, version);
    });
  }

  private answer(lines: readonly repo.StoredLine[], version: number): ServerCart {
    const { shippingFee, freeShippingFrom } = this.config.rules;
    return { list: lines.map(({ id, qty }) => ({ id, qty })), version, shipping: { fee: fromMinor(shippingFee), freeFrom: fromMinor(freeShippingFrom) } };
  }
}
