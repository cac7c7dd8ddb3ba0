import type { AccountExport } from '@parmeta/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { accountGone } from '../../http/errors.js';
import type { AddressService } from '../account/address.service.js';
import type { CardService } from '../account/card.service.js';
import type { ProfileService } from '../account/profile.service.js';
import type { MarketService } from '../market/market.service.js';
import { toNftOrder } from '../market/market.service.js';
import type { CartService } from '../shop/cart.service.js';
import type { OrderService } from '../shop/order.service.js';
import { reviewsByAuthor } from '../reviews/reviews.repository.js';
import { memberClassFor } from '../users/member-class.js';
import { parseOptions, variantLabel } from '../variants/variant.service.js';
import { payoutsPage } from '../wallet/wallet.repository.js';
import { toPayout, type WalletService } from '../wallet/wallet.service.js';
import { stockAlertsForExport, wishlistForExport } from '../wishlist/wishlist.repository.js';
import * as repo from './member.repository.js';

/** Far more than any member has; the export is one document, not pages. */
const ALL = 1_000_000;

export interface ExportSources {
  profiles: ProfileService;
  addresses: AddressService;
  cards: CardService;
  orders: OrderService;
  wallet: WalletService;
  market: MarketService;
  carts: CartService;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * "Download my data": everything the shop holds about the member, in the shapes the API
 * answers elsewhere, as one JSON document. Card tokens and password hashes are not the
 * member's data to take away (they only work here) and stay out.
 */
export class ExportService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sources: ExportSources,
  ) {}

  async export(userId: number): Promise<AccountExport> {
    const { profiles, addresses, cards, orders, wallet, market, carts } = this.sources;
    const db = this.db.kysely;
    const user = await repo.openUser(db, userId);
    if (!user) throw accountGone();
    const orderNos = await db.selectFrom('shop_order').select('order_no').where('user_id', '=', userId).orderBy('id').execute();
    const nftOrders = await db.selectFrom('nft_order').selectAll().where('buyer_id', '=', userId).orderBy('id').execute();
    const [profile, addressList, cardList, orderList, balances, ledger, payouts, owned, cart, reviews, wished, alerts] = await Promise.all([
      profiles.get(userId),
      addresses.list(userId, user.user_name),
      cards.list(userId),
      Promise.all(orderNos.map((o) => orders.detail(userId, o.order_no))),
      wallet.balances(db, userId),
      wallet.history(userId, 1, ALL),
      payoutsPage(db, userId, ALL, 0),
      market.mine(userId),
      carts.get(userId),
      reviewsByAuthor(db, userId),
      wishlistForExport(db, userId),
      stockAlertsForExport(db, userId),
    ]);
    return {
      format: 'parmeta-account-export/1',
      exportedAt: new Date().toISOString(),
      account: {
        userName: user.user_name,
        fullName: user.full_name,
        email: user.email,
        memberClass: memberClassFor(user.lifetime_spend, this.config.memberClasses).name,
        walletId: user.wallet_id,
        createdAt: iso(user.created_at) as string,
        emailVerifiedAt: iso(user.email_verified_at),
      },
      profile,
      addresses: addressList,
      cards: cardList,
      orders: orderList,
      balances,
      ledger: ledger.items,
      payouts: payouts.items.map(toPayout),
      nfts: { owned, orders: nftOrders.map(toNftOrder) },
      cart: cart.list,
      reviews: reviews.map((r) => ({
        productId: Number(r.product_id),
        productName: r.name,
        rating: r.rating,
        title: r.title,
        body: r.body,
        helpfulCount: r.helpful_count,
        hidden: r.hidden === 1,
        createdAt: Number(r.created_at),
        editedAt: r.edited_at === null ? null : Number(r.edited_at),
      })),
      wishlist: wished.map((w) => ({ productId: Number(w.product_id), productName: w.name, addedAt: Number(w.created_at) })),
      stockAlerts: alerts.map((a) => ({
        productId: Number(a.product_id),
        productName: a.name,
        variantId: a.variant_id === null ? null : Number(a.variant_id),
        // A variant removed since the request leaves no values to name it by.
        variant: a.option_values ? variantLabel(parseOptions(a.options), JSON.parse(a.option_values) as string[]) : null,
        requestedAt: Number(a.created_at),
        notifiedAt: a.notified_at === null ? null : Number(a.notified_at),
      })),
    };
  }
}
