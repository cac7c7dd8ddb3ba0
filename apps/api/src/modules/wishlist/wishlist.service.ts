import type { ShopMarks, WishlistItem } from '@parmeta/contracts';
import { STOCK_ALERTS_MAX, WISHLIST_MAX } from '@parmeta/contracts/wishlist/wishlist-limits';
import type { Db } from '../../db/connection.js';
import { holdMember, lockUser } from '../../db/locks.js';
import { businessRule, notFound } from '../../http/errors.js';
import { toProductSummary } from '../shop/product-summary.js';
import * as repo from './wishlist.repository.js';

const NOT_IN_SHOP = 'That product is not in the shop.';

/**
 * A member's wishlist and back-in-stock requests (docs/decisions/0056). Setting a state that is
 * already so changes nothing, so a repeated tap or request is harmless. The mail itself is sent
 * by the changes that put stock back (stock-alerts.ts).
 */
export class WishlistService {
  constructor(private readonly db: Db) {}

  async marks(userId: number): Promise<ShopMarks> {
    const [wished, alerts, variantAlerts] = await Promise.all([repo.wishedIds(this.db.kysely, userId), repo.waitingAlertIds(this.db.kysely, userId), repo.waitingVariantAlertIds(this.db.kysely, userId)]);
    return { wished, alerts, variantAlerts };
  }

  async list(userId: number): Promise<{ items: WishlistItem[] }> {
    const [rows, alerts] = await Promise.all([repo.wishlistRows(this.db.kysely, userId, WISHLIST_MAX), repo.waitingAlertIds(this.db.kysely, userId)]);
    const waiting = new Set(alerts);
    return { items: rows.map((r) => ({ product: toProductSummary(r), addedAt: Number(r.created_at), alertRequested: waiting.has(Number(r.id)) })) };
  }

  async setWished(userId: number, productId: number, wished: boolean): Promise<{ productId: number; wished: boolean }> {
    await this.db.kysely.transaction().execute(async (trx) => {
      if (!wished) return repo.removeWished(trx, userId, productId);
      const product = await trx.selectFrom('product').select(['id', 'active']).where('id', '=', productId).executeTakeFirst();
      if (!product || product.active !== 1) throw notFound(NOT_IN_SHOP);
      // The count and the insert under the member's lock: two taps at once cannot pass the limit together.
      await lockUser(trx, this.db.dialect, userId);
      if ((await repo.countWished(trx, userId)) >= WISHLIST_MAX) throw businessRule(`Your wishlist holds at most ${WISHLIST_MAX} products. Remove some to add more.`);
      await repo.addWished(trx, userId, productId, Date.now());
    });
    return { productId, wished };
  }

  /**
   * Asks for one mail when the product, or one variant of it, is back. Decided under the
   * product's lock (every change of a variant's stock takes it too): a restock committing at the
   * same moment either ran first (then it is in stock and the request is refused, the member can
   * simply buy it) or runs after and sees the request.
   */
  async setAlert(userId: number, productId: number, variantId: number | undefined, wanted: boolean): Promise<{ productId: number; variantId: number | null; wanted: boolean }> {
    const variant = variantId ?? null;
    await this.db.kysely.transaction().execute(async (trx) => {
      // Withdrawing names the caller's own request only: another member's is never touched.
      if (!wanted) return repo.withdrawAlert(trx, userId, productId, variant);
      // The member first, held only against closing (which erases the requests): a request must not outlive its account.
      await holdMember(trx, this.db.dialect, userId);
      const product = await repo.lockedProduct(trx, this.db.dialect, productId);
      if (!product || product.active !== 1) throw notFound(NOT_IN_SHOP);
      const stock = variant === null ? product.stock : (await repo.variantOf(trx, productId, variant))?.stock;
      if (stock === undefined) throw notFound('That choice of the product is not sold. Choose again on its page.');
      if (stock > 0) throw businessRule(variant === null ? 'This product is in stock now: you can add it to your cart.' : 'This choice is in stock now: you can add it to your cart.');
      if (await repo.waitingAlert(trx, userId, productId, variant)) return;
      if ((await repo.countWaitingAlerts(trx, userId)) >= STOCK_ALERTS_MAX) throw businessRule(`You are waiting for ${STOCK_ALERTS_MAX} products already. Withdraw a request to add another.`);
      await repo.addAlert(trx, userId, productId, variant, Date.now());
    });
    return { productId, variantId: variant, wanted };
  }
}
