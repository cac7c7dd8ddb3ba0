import type { Balances, NftSummary } from '@parmeta/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { nftOrder } from '@parmeta/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { holdMember } from '../../db/locks.js';
import { businessRule, conflict, notFound } from '../../http/errors.js';
import { orderNumber } from '../../lib/order-number.js';
import type { Ledger, PostingInput } from '../ledger/ledger.js';
import type { NftOrderRow } from './market.table.js';
import * as repo from './market.repository.js';
import { toNftOrder, type MarketService } from './market.service.js';

type Q = Kysely<Database>;
type NftOrder = z.infer<typeof nftOrder>;

const NOT_AVAILABLE = 'This NFT is not available right now: it was sold, withdrawn from sale or is reserved by another buyer.';
const ORDER_NOT_FOUND = 'That NFT order was not found.';


/**
 * Buying NFTs: reserve (one buyer at a time, for a limited time), then pay from par or by
 * card; payment, ownership and provenance change in one transaction. Owners can list
 * their items for resale and withdraw them. Each change decides from the item or the order
 * as read, locked, inside its transaction (docs/decisions/0019).
 */
export class NftOrderService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly market: MarketService,
    private readonly config: Config,
  ) {}

  /**
   * Reserves a listed item for the buyer. A buyer who already holds the item's reservation
   * (a reload, a second tab) gets that reservation back instead of a refusal.
   */
  async reserve(trx: Q, buyerId: number, nftId: number, prefix = 'NFT'): Promise<NftOrderRow> {
    const now = Date.now();
    // The buyer first (against closing the account), then the NFT.
    await holdMember(trx, this.db.dialect, buyerId);
    const item = await repo.lockNft(trx, this.db.dialect, nftId);
    if (!item) throw notFound('That NFT does not exist.');
    if (item.owner_id === buyerId) throw businessRule('You already own this NFT.');
    if (item.reserved_by === buyerId && item.reserved_until !== null && item.reserved_until > now) {
      const held = await repo.heldReservation(trx, nftId, buyerId, now);
      if (held) return held;
    }
    const until = now + this.config.rules.nftReservationMs;
    if (!(await repo.reserve(trx, nftId, buyerId, now, until))) throw conflict(NOT_AVAILABLE);
    return repo.insertNftOrder(trx, { orderNo: orderNumber(prefix, now), nftId, buyerId, sellerId: item.owner_id, price: item.price, expiresAt: until, now });
  }

  async generate(buyerId: number, nftId: number): Promise<NftOrder> {
    return toNftOrder(await this.db.kysely.transaction().execute((trx) => this.reserve(trx, buyerId, nftId)));
  }

  /** The buyer's order, locked; 404 for anyone else's. */
  async lockOwn(trx: Q, buyerId: number, orderNo: string): Promise<NftOrderRow> {
    const order = await repo.nftOrders.lock(trx, this.db.dialect, 'order_no', orderNo);
    if (!order || order.buyer_id !== buyerId) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** Pays a reservation from the buyer's par. Paying twice answers the paid order again. */
  async confirm(trx: Q, buyerId: number, orderNo: string): Promise<{ order: NftOrder; nft: NftSummary; balances: Balances }> {
    // The buyer before the ledger: the NFT's new owner is a key share on the buyer, which would otherwise wait on a closing that waits on this payment's ledger lock.
    await holdMember(trx, this.db.dialect, buyerId);
    const order = await this.lockOwn(trx, buyerId, orderNo);
    if (order.status !== 'paid') await this.completeSale(trx, order, 'par');
    const paid = (await repo.findNftOrder(trx, orderNo)) as NftOrderRow;
    return { order: toNftOrder(paid), nft: await this.market.summary(trx, buyerId, order.nft_id), balances: await this.ledger.balances(trx, buyerId) };
  }

  /** Whether `completeSale` would go through for this order (read under its lock) now. */
  payable(order: NftOrderRow, now = Date.now()): boolean {
    return order.status === 'reserved' && order.expires_at > now;
  }

  /**
   * Settles a reserved order, read locked by the caller: the buyer's par (or the card money
   * arriving through the gateway) goes to the seller less the marketplace fee, ownership
   * moves, provenance records it. All in the caller's transaction; any failure undoes all of it.
   */
  async completeSale(trx: Q, order: NftOrderRow, paidWith: 'par' | 'card'): Promise<void> {
    const now = Date.now();
    if (order.status !== 'reserved') throw businessRule(`This order is ${order.status} and can no longer be paid.`);
    if (order.expires_at <= now) throw businessRule('The reservation has expired. Start the purchase again.');
    await repo.nftOrders.move(trx, order, 'paid', { paid_at: now });
    const fee = Math.floor((order.price * this.config.rules.nftFeeBps) / 10_000);
    const postings: PostingInput[] = [
      paidWith === 'par' ? { account: { user: order.buyer_id }, asset: 'par', amount: -order.price } : { account: { system: 'gateway_clearing' }, asset: 'par', amount: -order.price },
      { account: order.seller_id === null ? { system: 'nft_sales' } : { user: order.seller_id }, asset: 'par', amount: order.price - fee },
    ];
    if (fee > 0) postings.push({ account: { system: 'fees' }, asset: 'par', amount: fee });
    await this.ledger.post(trx, { kind: 'nft_purchase', reference: order.order_no, memo: `NFT purchase (${paidWith === 'par' ? 'par' : 'card'})`, postings }, now);
    if (!(await repo.transferTo(trx, order.nft_id, order.buyer_id, now))) throw conflict('This NFT is no longer reserved for you.');
    await repo.insertProvenance(trx, { nftId: order.nft_id, fromId: order.seller_id, toId: order.buyer_id, price: order.price, orderNo: order.order_no, now });
  }

  async cancel(buyerId: number, orderNo: string): Promise<NftOrder> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const order = await this.lockOwn(trx, buyerId, orderNo);
      await this.release(trx, order, 'cancelled');
      return toNftOrder((await repo.findNftOrder(trx, orderNo)) as NftOrderRow);
    });
  }

  /**
   * Frees a reservation that will not be paid (cancelled, declined card, aborted request,
   * expired), from the order as read under its lock. An order that is no longer reserved
   * (paid meanwhile) is left as it is.
   */
  async release(trx: Q, order: NftOrderRow, to: 'cancelled' | 'expired'): Promise<void> {
    if (order.status !== 'reserved') return;
    const now = Date.now();
    await repo.nftOrders.move(trx, order, to);
    await repo.release(trx, order.nft_id, order.buyer_id, now);
  }

  async setListing(ownerId: number, nftId: number, listed: boolean, priceMinor?: number): Promise<NftSummary> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const now = Date.now();
      const item = await repo.lockNft(trx, this.db.dialect, nftId);
      if (!item || item.owner_id !== ownerId) throw notFound('That NFT is not one of yours.');
      if (item.reserved_until !== null && item.reserved_until > now) throw conflict('A buyer is paying for this NFT right now. Try again in a few minutes.');
      await repo.setListing(trx, nftId, listed, priceMinor, now);
      return this.market.summary(trx, ownerId, nftId);
    });
  }

  /** Reservations past their time: expired, items free again. Safe to run on several instances at once. */
  async expire(now = Date.now()): Promise<number> {
    let expired = 0;
    for (const { order_no } of await repo.dueReservations(this.db.kysely, now, 100)) {
      const done = await this.db.kysely.transaction().execute(async (trx) => {
        const order = await repo.nftOrders.lock(trx, this.db.dialect, 'order_no', order_no);
        if (!order || order.status !== 'reserved' || order.expires_at > now) return false; // paid or cancelled meanwhile
        await this.release(trx, order, 'expired');
        return true;
      });
      if (done) expired += 1;
    }
    return expired;
  }
}
