import type { UserAddressTable, UserCardTable, UserProfileTable } from '../modules/account/account.table.js';
import type { AuthSessionTable, EmailTokenTable, RefreshTokenTable, ThrottleTable } from '../modules/auth/auth.table.js';
import type { IdempotencyRecordTable, JournalEntryTable, LedgerAccountTable, PayoutTable, PostingTable } from '../modules/ledger/ledger.table.js';
import type { FiatOrderTable, GatewayEventTable, PaymentTokenTable } from '../modules/fiat/fiat.table.js';
import type { NftCollectionTable, NftItemTable, NftOrderTable, NftProvenanceTable } from '../modules/market/market.table.js';
import type { CartLineTable, CartTable, CategoryCountTable, ProductCategoryTable, ProductTable, ShopOrderLineTable, ShopOrderTable } from '../modules/shop/shop.table.js';
import type { ProductVariantTable } from '../modules/variants/variant.table.js';
import type { PromoCodeTable, PromoRedemptionTable } from '../modules/promos/promo.table.js';
import type { EmailChangeTable } from '../modules/member/member.table.js';
import type { AuditLogTable } from '../modules/admin/admin.table.js';
import type { MailOutboxTable } from '../modules/mail/mail.table.js';
import type { GatewayCardTable, GatewayChargeTable, GatewayRefundTable } from '../modules/payments/payments.table.js';
import type { ProductRatingColumns, ProductReviewTable, ReviewVoteTable } from '../modules/reviews/reviews.table.js';
import type { StockAlertTable, WishlistItemTable } from '../modules/wishlist/wishlist.table.js';
import type { UserTable } from '../modules/users/users.table.js';
import type { AuthChallengeTable, LinkedWalletTable, PasskeyTable, RecoveryCodeTable, UserTotpTable } from '../modules/security/security.table.js';
import type { SeedTable } from '../seed/seed.table.js';
import type { GeneratedSecretTable } from '../startup/secrets.js';

/**
 * The whole database type, assembled from the tables each feature owns.
 * A feature adds its `<feature>.table.ts` and its lines here.
 */
export interface Database {
  seed_run: SeedTable;
  app_user: UserTable;
  auth_session: AuthSessionTable;
  refresh_token: RefreshTokenTable;
  email_token: EmailTokenTable;
  throttle: ThrottleTable;
  mail_outbox: MailOutboxTable;
  user_profile: UserProfileTable;
  user_address: UserAddressTable;
  user_card: UserCardTable;
  gateway_card: GatewayCardTable;
  gateway_charge: GatewayChargeTable;
  gateway_refund: GatewayRefundTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  posting: PostingTable;
  idempotency_record: IdempotencyRecordTable;
  payout: PayoutTable;
  nft_collection: NftCollectionTable;
  nft_item: NftItemTable;
  nft_order: NftOrderTable;
  nft_provenance: NftProvenanceTable;
  fiat_order: FiatOrderTable;
  payment_token: PaymentTokenTable;
  gateway_event: GatewayEventTable;
  product_category: ProductCategoryTable;
  category_count: CategoryCountTable;
  product: ProductTable & ProductRatingColumns;
  shop_order: ShopOrderTable;
  shop_order_line: ShopOrderLineTable;
  audit_log: AuditLogTable;
  generated_secret: GeneratedSecretTable;
  auth_challenge: AuthChallengeTable;
  passkey: PasskeyTable;
  user_totp: UserTotpTable;
  recovery_code: RecoveryCodeTable;
  linked_wallet: LinkedWalletTable;
  email_change: EmailChangeTable;
  cart: CartTable;
  cart_line: CartLineTable;
  product_review: ProductReviewTable;
  review_vote: ReviewVoteTable;
  wishlist_item: WishlistItemTable;
  stock_alert: StockAlertTable;
  product_variant: ProductVariantTable;
  promo_code: PromoCodeTable;
  promo_redemption: PromoRedemptionTable;
}
