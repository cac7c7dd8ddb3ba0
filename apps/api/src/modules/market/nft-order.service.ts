import { fromMinor, type Balances, type NftSummary } from '@parmeta/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { nftOrder } from '@parmeta/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { businessRule, conflict, notFound } from '../../http/errors.js';
import { orderNumber } from '../../lib/order-number.js';
import type { Ledger, PostingInput } from '../ledger/ledger.js';
import type { NftOrderRow } from './market.table.js';
import * as repo from './market.repository.js';
import type { MarketService } from './market.service.js';

type Q = Kysely<Database>;
type NftOrder = z.infer<typeof nftOrder>;

const NOT_AVAILABLE = 'This NFT is not available right now: it was sold, withdrawn from sale or is reserved by another buyer.';
const ORDER_NOT_FOUND = 'That NFT order was not found.';

export const toNftOrder = (o: NftOrderRow): NftOrder => ({ orderNo: o.order_no, nftId: o.nft_id, price: fromMinor(o.price), status: o.status, expiresAt: o.expires_at });

/**
 * Buying NFTs: reserve (one buyer at a time, for a limited time), then pay from par or by
 * card; payment, ownership and provenance change in one transaction. Owners can list
 * their items for resale and withdraw them.
 */
export class NftOrderService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly market: MarketService,
    private readonly config: Config,
  ) {}

  async reserve(trx: Q, buyerId: number, nftId: number, prefix = 'NFT'): Promise<NftOrderRow> {
    const now = Date.now();
    const item = await repo.nftRow(trx, nftId);
    if (!item) throw notFound('That NFT does not exist.');
    if (item.owner_id === buyerId) throw businessRule('You already own this NFT.');
    const until = now + this.config.rules.nftReservationMs;
    if (!(await repo.reserve(trx, nftId, buyerId, now, until))) throw conflict(NOT_AVAILABLE);
    return repo.insertNftOrder(trx, { orderNo: orderNumber(prefix, now), nftId, buyerId, sellerId: item.owner_id, price: item.price, expiresAt: until, now });
  }

  async generate(buyerId: number, nftId: number): Promise<NftOrder> {
    return toNftOrder(await this.db.kysely.transaction().execute((trx) => this.reserve(trx, buyerId, nftId)));
  }

  /** Pays a reservation from the buyer's par. Paying twice answers the paid order again. */
  async confirm(trx: Q, buyerId: number, orderNo: string): Promise<{ order: NftOrder; nft: NftSummary; balances: Balances }> {
    const order = await repo.findNftOrder(trx, orderNo);
    if (!order || order.buyer_id !== buyerId) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== 'paid') await this.completeSale(trx, order, 'par');
    const paid = (await repo.findNftOrder(trx, orderNo)) as NftOrderRow;
    return { order: toNftOrder(paid), nft: await this.market.summary(trx, buyerId, order.nft_id), balances: await this.ledger.balances(trx, buyerId) };
  }

  /**
   * Settles a reserved order: the buyer's par (or the card money arriving through the
   * gateway) goes to the seller less the marketplace fee, ownership moves, provenance
   * records it. All in the caller's transaction; any failure undoes all of it.
   */
  async completeSale(trx: Q, order: NftOrderRow, paidWith: 'par' | 'card'): Promise<void> {
    const now = Date.now();
    if (order.status !== 'reserved') throw businessRule(`This order is ${order.status} and can no longer be paid.`);
    if (order.expires_at <= now) throw businessRule('The reservation has expired. Start the purchase again.');
    if (!(await repo.setNftOrderStatus(trx, order.id, 'reserved', 'paid', now))) throw conflict('This order changed while paying it. Please try again.');
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
      const order = await repo.findNftOrder(trx, orderNo);
      if (!order || order.buyer_id !== buyerId) throw notFound(ORDER_NOT_FOUND);
      await this.release(trx, order);
      return toNftOrder((await repo.findNftOrder(trx, orderNo)) as NftOrderRow);
    });
  }

  /** Frees a reservation that will not be paid (cancelled, declined card, aborted request). */
  async release(trx: Q, order: NftOrderRow): Promise<void> {
    if (order.status !== 'reserved') return;
    const now = Date.now();
    await repo.setNftOrderStatus(trx, order.id, 'reserved', 'cancelled', now);
    await repo.release(trx, order.nft_id, order.buyer_id, now);
  }

  async setListing(ownerId: number, nftId: number, listed: boolean, priceMinor?: number): Promise<NftSummary> {
    const now = Date.now();
    const item = await repo.nftRow(this.db.kysely, nftId);
    if (!item || item.owner_id !== ownerId) throw notFound('That NFT is not one of yours.');
    if (!(await repo.setListing(this.db.kysely, nftId, ownerId, listed, priceMinor, now))) throw conflict('A buyer is paying for this NFT right now. Try again in a few minutes.');
    return this.market.summary(this.db.kysely, ownerId, nftId);
  }

  expire(now = Date.now()): Promise<number> {
    return this.db.kysely.transaction().execute((trx) => repo.expireReservations(trx, now));
  }
}
