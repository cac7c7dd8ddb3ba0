import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { AddressService } from './modules/account/address.service.js';
import { CardService } from './modules/account/card.service.js';
import { ProfileService } from './modules/account/profile.service.js';
import { AccountService } from './modules/auth/account.service.js';
import type { CheckedToken } from './modules/auth/auth.deps.js';
import { HashPool } from './modules/auth/hash-pool.js';
import { SessionService } from './modules/auth/session.service.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { FiatService } from './modules/fiat/fiat.service.js';
import { FinanceService } from './modules/finance/finance.service.js';
import { JournalExportService } from './modules/finance/journal-export.service.js';
import { ReconciliationService } from './modules/finance/reconciliation.service.js';
import { Ledger } from './modules/ledger/ledger.js';
import { MarketService } from './modules/market/market.service.js';
import { NftOrderService } from './modules/market/nft-order.service.js';
import { NoChangeFeed, PgChangeFeed, type ChangeFeed } from './db/change-feed.js';
import { Periodic } from './lib/periodic.js';
import { TtlCache } from './lib/ttl-cache.js';
import { AdminNftService } from './modules/admin/admin-nfts.service.js';
import { AdminOrderService } from './modules/admin/admin-orders.service.js';
import { AdminProductService } from './modules/admin/admin-products.service.js';
import { PayoutService } from './modules/wallet/payout.service.js';
import { CatalogService } from './modules/shop/catalog.service.js';
import { VariantService } from './modules/variants/variant.service.js';
import { PromoService } from './modules/promos/promo.service.js';
import { OrderLifecycle } from './modules/shop/order-lifecycle.service.js';
import { OrderService } from './modules/shop/order.service.js';
import { CartService } from './modules/shop/cart.service.js';
import { ReviewService } from './modules/reviews/reviews.service.js';
import { WishlistService } from './modules/wishlist/wishlist.service.js';
import { createDiscovery } from './modules/discovery/discovery.services.js';
import { ClosureService } from './modules/member/closure.service.js';
import { CredentialsService } from './modules/member/credentials.service.js';
import { ExportService } from './modules/member/export.service.js';
import { MailWorker } from './modules/mail/mail.worker.js';
import { mediaStoreFor } from './modules/media/media-store.js';
import { WalletService } from './modules/wallet/wallet.service.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import { SandboxGateway } from './modules/payments/sandbox-gateway.js';
import { deleteOldChallenges } from './modules/security/challenge.repository.js';
import { PasskeyService } from './modules/security/passkey.service.js';
import { SignInService } from './modules/security/sign-in.service.js';
import { SiweService } from './modules/security/siwe.service.js';
import { SecretBox } from './modules/security/totp-secret.js';
import { TotpService } from './modules/security/totp.service.js';

/** Access tokens kept checked at once: ~300 bytes each, so at most a few MB. */
const MAX_CHECKED_TOKENS = 10_000;

/**
 * Builds every service once, from the configuration and the database. Routes receive
 * the services they use; nothing reaches for a global.
 */
export function createServices(config: Config, db: Db, log: FastifyBaseLogger) {
  const hashPool = new HashPool();
  const mailWorker = config.smtpUrl ? new MailWorker(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom, pollMs: config.mailPollMs }) : undefined;
  const gateway: PaymentGateway = new SandboxGateway(db);
  const media = mediaStoreFor(config);
  const ledger = new Ledger(db.dialect);
  // What other instances change reaches the caches here at once (docs/decisions/0045).
  const changes: ChangeFeed = db.connectOutsidePool ? new PgChangeFeed(db.connectOutsidePool, log) : new NoChangeFeed();
  const sessionChecks = new TtlCache<CheckedToken | null>({ ttlMs: config.sessionCheckCacheMs, maxEntries: MAX_CHECKED_TOKENS });
  changes.subscribe('sessions', () => sessionChecks.invalidate());
  const sessionsRevoked = () => {
    sessionChecks.invalidate();
    changes.publish('sessions');
  };
  const authDeps = { db, config, ledger, tokens: new AccessTokens(config.jwtSecret), hashPool, sessionChecks, sessionsRevoked, nudgeMail: () => mailWorker?.nudge() };
  const sessions = new SessionService(authDeps);
  const totp = new TotpService(db, new SecretBox(config.jwtSecret));
  const signIns = new SignInService(db, sessions, totp);
  const cards = new CardService(db, gateway);
  const market = new MarketService(db);
  const nftOrders = new NftOrderService(db, ledger, market, config);
  const orders = new OrderService(db, config);
  const catalog = new CatalogService(db, config.catalogCacheMs, changes, log);
  const catalogChanged = () => catalog.changed();
  const lifecycle = new OrderLifecycle(db, config, ledger, gateway, cards, orders, () => mailWorker?.nudge(), catalogChanged, log);
  const fiat = new FiatService(db, ledger, gateway, cards, nftOrders, log, config);
  const profiles = new ProfileService(db, media);
  const addresses = new AddressService(db);
  const wallet = new WalletService(db, ledger, config);
  const carts = new CartService(db, config);
  const periodic = new Periodic(
    [
      { name: 'expire-nft-reservations', run: (now) => nftOrders.expire(now) },
      { name: 'expire-unpaid-orders', run: (now) => lifecycle.expire(now) },
      { name: 'retry-card-refunds', run: async () => (await lifecycle.retryRefunds()) + (await fiat.retryRefunds()) },
      { name: 'forget-old-challenges', run: (now) => deleteOldChallenges(db.kysely, now - 24 * 3600_000) },
    ],
    log,
    config.housekeepingMs,
  );
  return {
    gateway,
    ledger,
    wallet,
    accounts: new AccountService(authDeps),
    sessions,
    signIns,
    totp,
    passkeys: new PasskeyService(db, config, sessions),
    siwe: new SiweService(db, config, signIns),
    profiles,
    addresses,
    carts,
    credentials: new CredentialsService(authDeps),
    closure: new ClosureService(authDeps, gateway, media, log),
    exports: new ExportService(db, config, { profiles, addresses, cards, orders, wallet, market, carts }),
    cards,
    market,
    nftOrders,
    fiat,
    periodic,
    catalog,
    ...createDiscovery(config, db, catalog),
    orders,
    lifecycle,
    hashPool,
    media,
    /** Undefined without SMTP_URL (mail stays in the local outbox). */
    mailWorker,
    payouts: new PayoutService(db, ledger, config, () => mailWorker?.nudge()),
    adminProducts: new AdminProductService(db, config, catalogChanged, media),
    variants: new VariantService(db, catalogChanged, config.publicUrl),
    promos: new PromoService(db, config),
    adminNfts: new AdminNftService(db),
    adminOrders: new AdminOrderService(db, lifecycle),
    reviews: new ReviewService(db, catalogChanged),
    wishlist: new WishlistService(db),
    finance: new FinanceService(db),
    reconciliation: new ReconciliationService(db),
    journalExport: new JournalExportService(db),
    async start() {
      await changes.start();
      await catalog.search.warm();
      mailWorker?.start();
      periodic.start();
    },
    async stop() {
      await periodic.stop();
      await mailWorker?.stop();
      await hashPool.close();
      await media.close();
      await changes.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
