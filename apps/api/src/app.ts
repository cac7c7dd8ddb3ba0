import formbody from '@fastify/formbody';
import type { Fail } from '@parmeta/contracts';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { AppDeps } from './deps.js';
import { contractCompilers } from './http/validation.js';
import { Readiness } from './lib/readiness.js';
import { requestIds } from './lib/request-id.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { devMailApiRoutes, devMailPages } from './modules/mail/dev-mail.routes.js';
import { gatewayRoutes } from './modules/payments/payments.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { fiatRoutes } from './modules/fiat/fiat.routes.js';
import { marketRoutes } from './modules/market/market.routes.js';
import { S3MediaStore } from './modules/media/media-store.js';
import { s3MediaRoutes } from './modules/media/media.routes.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { variantRoutes } from './modules/variants/variant.routes.js';
import { promoRoutes } from './modules/promos/promo.routes.js';
import { financeRoutes } from './modules/finance/finance.routes.js';
import { nftMetadataRoutes } from './modules/market/nft-metadata.routes.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { memberRoutes } from './modules/member/member.routes.js';
import { reviewRoutes } from './modules/reviews/reviews.routes.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { CatalogPages } from './modules/discovery/catalog-pages.service.js';
import { pageFirstData } from './modules/discovery/first-data.js';
import { crawlerRoutes, discoveryRoutes } from './modules/discovery/discovery.routes.js';
import { AccessLog } from './plugins/access-log.js';
import auth from './plugins/auth.js';
import errors, { frameworkFailure } from './plugins/errors.js';
import openapi from './plugins/openapi.js';
import security from './plugins/security.js';
import webStatic from './plugins/web-static.js';
import { DEMO_MEDIA_DIR } from './seed/seed.js';
import { createServices, type Services } from './services.js';
import { VERSION } from './version.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
  /**
   * For a server that listens before it has started (server.ts): until `ready()`, requests
   * other than the health checks answer 503, and the caller starts the services itself once
   * the database is migrated. Without it the app is ready at once and starts its services
   * when Fastify is ready (tests).
   */
  readiness?: Readiness;
}

/** Builds the app: plugins first, then each feature module under /api, then static files and the 404 handler. */
export async function buildApp({ config, db, logger, readiness }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController: new AccessLog(config.logRequests),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Errors found before routing (a broken %-encoding, a path part past maxParamLength) get
    // the envelope too, not Fastify's own body.
    frameworkErrors: (error, _req, reply) => {
      const { status, body } = frameworkFailure(error);
      void (reply as FastifyReply).code(status).send(body);
    },
    // Request schemas are the contracts' zod schemas, and answers are serialised by the routes
    // themselves. Fastify's default compilers (Ajv, fast-json-stringify) would never compile a
    // schema here, but naming none makes Fastify load and start them: ~2 MB of heap held for
    // good (docs/decisions/0082).
    schemaController: { compilersFactory: contractCompilers },
  });

  const deps: AppDeps = { config, db, version: VERSION };
  const services = createServices(config, db, app.log);
  // Exposed for the admin command and tests that drive housekeeping directly.
  app.decorate('services', services);
  if (readiness) gateOnReadiness(app, readiness);
  else app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);

  await app.register(errors);
  await app.register(security);
  await app.register(openapi, { version: VERSION });
  await app.register(auth, { sessions: services.sessions, adminsNeedSecondFactor: config.requireAdminSecondFactor, publicCatalog: config.publicCatalog });
  await app.register(formbody);

  await app.register(
    async (api) => {
      // One event-loop turn after each module: Fastify's plugin loader otherwise runs them all in one
      // unbroken chain of process.nextTick callbacks, long enough that in half the starts V8
      // compiled the loop running them with its optimising compiler, bringing ~5 MB of compiler
      // code into memory for start-up work done once (docs/decisions/0088).
      const register = async <O extends object>(routes: FastifyPluginAsync<O>, options: O) => {
        await api.register(routes, options);
        await new Promise((resolve) => setImmediate(resolve));
      };
      await register(healthRoutes, { ...deps, readiness: readiness ?? new Readiness('ready') });
      await register(authRoutes, { config, ...services });
      await register(userRoutes, deps);
      await register(accountRoutes, services);
      await register(gatewayRoutes, { db, gateway: services.gateway });
      await register(walletRoutes, { db, wallet: services.wallet });
      await register(marketRoutes, { db, market: services.market, nftOrders: services.nftOrders });
      await register(fiatRoutes, { db, fiat: services.fiat });
      await register(shopRoutes, { db, catalog: services.catalog, orders: services.orders, lifecycle: services.lifecycle, carts: services.carts });
      await register(adminRoutes, { db, ...services });
      await register(variantRoutes, { db, variants: services.variants });
      await register(promoRoutes, { promos: services.promos });
      await register(financeRoutes, services);
      await register(securityRoutes, { config, db, ...services, secondFactorRequired: (role) => role === 'admin' && config.requireAdminSecondFactor });
      await register(nftMetadataRoutes, { config, market: services.market });
      await register(memberRoutes, services);
      await register(reviewRoutes, services);
      await register(wishlistRoutes, services);
      await register(discoveryRoutes, services);
      if (config.env !== 'production') await register(devMailApiRoutes, deps);
    },
    { prefix: '/api' },
  );
  if (config.env !== 'production') await app.register(devMailPages, deps);

  // Uploaded images: from the local folder (the embedded default), or from object storage
  // through the API, at the same addresses either way (docs/decisions/0048).
  const media = services.media;
  if (media instanceof S3MediaStore) await app.register(s3MediaRoutes, { store: media });
  else mkdirSync(config.mediaDir, { recursive: true });
  // The open catalog's own pages, sitemap and robots.txt (docs/decisions/0062).
  const catalogPages = config.publicCatalog ? new CatalogPages(db, { ...services, publicUrl: config.publicUrl, cacheTtlMs: config.catalogCacheMs, log: app.log }) : undefined;
  await app.register(crawlerRoutes, { pages: catalogPages, publicUrl: config.publicUrl });
  await app.register(webStatic, {
    catalogPages,
    firstData: pageFirstData({ catalog: services.catalog, market: services.market, sessions: services.sessions, config }),
    webDist: config.webDist,
    mounts: [...(media instanceof S3MediaStore ? [] : [{ prefix: '/media/', root: config.mediaDir }]), { prefix: '/demo/', root: path.resolve(DEMO_MEDIA_DIR) }],
  });
  return app;
}

const STARTING: Fail = { status: false, msg: 'The service is starting. Please try again in a moment.', code: 'UNAVAILABLE' };

/**
 * Before the instance is ready, only the health checks are answered (the tables may not exist
 * yet). While it drains, every answer closes its connection, so that a proxy keeping
 * connections open to it lets go of each one after a complete answer, never in the middle of
 * sending the next request (docs/decisions/0047).
 */
function gateOnReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', (req, reply, done) => {
    const phase = readiness.phase;
    if (phase === 'ready') return done();
    if (phase === 'draining') {
      void reply.header('connection', 'close');
      return done();
    }
    if (req.url.startsWith('/api/health')) return done();
    void reply.code(503).header('retry-after', '1').send(STARTING);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
