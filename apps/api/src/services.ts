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
import { Ledger } from './modules/ledger/ledger.js';
import { MarketService } from './modules/market/market.service.js';
import { NftOrderService } from './modules/market/nft-order.service.js';
import { Periodic } from './lib/periodic.js';
import { TtlCache } from './lib/ttl-cache.js';
import { AdminNftService } from './modules/admin/admin-nfts.service.js';
import { AdminOrderService } from './modules/admin/admin-orders.service.js';
import { AdminProductService } from './modules/admin/admin-products.service.js';
import { PayoutService } from './modules/wallet/payout.service.js';
import { CatalogService } from './modules/shop/catalog.service.js';
import { OrderLifecycle } from './modules/shop/order-lifecycle.service.js';
import { OrderService } from './modules/shop/order.service.js';
import { CartService } from './modules/shop/cart.service.js';
import { ClosureService } from './modules/member/closure.service.js';
import { CredentialsService } from './modules/member/credentials.service.js';
import { ExportService } from './modules/member/export.service.js';
import { MailWorker } from './modules/mail/mail.worker.js';
import { WalletService } from './modules/wallet/wallet.service.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import { SandboxGateway } from './modules/payments/sandbox-gateway.js';

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
  const ledger = new Ledger(db.dialect);
  const sessionChecks = new TtlCache<CheckedToken | null>({ ttlMs: config.sessionCheckCacheMs, maxEntries: MAX_CHECKED_TOKENS });
  const authDeps = { db, config, ledger, tokens: new AccessTokens(config.jwtSecret), hashPool, sessionChecks, nudgeMail: () => mailWorker?.nudge() };
  const cards = new CardService(db, gateway);
  const market = new MarketService(db);
  const nftOrders = new NftOrderService(db, ledger, market, config);
  const orders = new OrderService(db, config);
  const catalog = new CatalogService(db, config.catalogCacheMs);
  const catalogChanged = () => catalog.changed();
  const lifecycle = new OrderLifecycle(db, config, ledger, gateway, cards, orders, () => mailWorker?.nudge(), catalogChanged, log);
  const fiat = new FiatService(db, ledger, gateway, cards, nftOrders, log, config);
  const profiles = new ProfileService(db, config);
  const addresses = new AddressService(db);
  const wallet = new WalletService(db, ledger, config);
  const carts = new CartService(db, config);
  const periodic = new Periodic(
    [
      { name: 'expire-nft-reservations', run: (now) => nftOrders.expire(now) },
      { name: 'expire-unpaid-orders', run: (now) => lifecycle.expire(now) },
      { name: 'retry-card-refunds', run: async () => (await lifecycle.retryRefunds()) + (await fiat.retryRefunds()) },
    ],
    log,
    config.housekeepingMs,
  );
  return {
    gateway,
    ledger,
    wallet,
    accounts: new AccountService(authDeps),
    sessions: new SessionService(authDeps),
    profiles,
    addresses,
    carts,
    credentials: new CredentialsService(authDeps),
    closure: new ClosureService(authDeps, gateway, log),
    exports: new ExportService(db, config, { profiles, addresses, cards, orders, wallet, market, carts }),
    cards,
    market,
    nftOrders,
    fiat,
    periodic,
    catalog,
    orders,
    lifecycle,
    hashPool,
    payouts: new PayoutService(db, ledger, config, () => mailWorker?.nudge()),
    adminProducts: new AdminProductService(db, config, catalogChanged),
    adminNfts: new AdminNftService(db),
    adminOrders: new AdminOrderService(db, lifecycle),
    async start() {
      mailWorker?.start();
      periodic.start();
    },
    async stop() {
      await periodic.stop();
      await mailWorker?.stop();
      await hashPool.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
