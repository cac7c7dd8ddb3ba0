import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { AppDeps } from './deps.js';
import { zodValidatorCompiler } from './http/validation.js';
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
import { shopRoutes } from './modules/shop/shop.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { memberRoutes } from './modules/member/member.routes.js';
import { AccessLog } from './plugins/access-log.js';
import auth from './plugins/auth.js';
import errors from './plugins/errors.js';
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
}

/** Builds the app: plugins first, then each feature module under /api, then static files and the 404 handler. */
export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController: new AccessLog(config.logRequests),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(zodValidatorCompiler);

  const deps: AppDeps = { config, db, version: VERSION };
  const services = createServices(config, db, app.log);
  // Exposed for the admin command and tests that drive housekeeping directly.
  app.decorate('services', services);
  app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);

  await app.register(errors);
  await app.register(security);
  await app.register(openapi, { version: VERSION });
  await app.register(auth, { sessions: services.sessions });
  await app.register(formbody);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, { config, ...services });
      await api.register(userRoutes, deps);
      await api.register(accountRoutes, services);
      await api.register(gatewayRoutes, { db, gateway: services.gateway });
      await api.register(walletRoutes, { db, wallet: services.wallet });
      await api.register(marketRoutes, { db, market: services.market, nftOrders: services.nftOrders });
      await api.register(fiatRoutes, { db, fiat: services.fiat });
      await api.register(shopRoutes, { db, catalog: services.catalog, orders: services.orders, lifecycle: services.lifecycle, carts: services.carts });
      await api.register(adminRoutes, { db, ...services });
      await api.register(memberRoutes, services);
      if (config.env !== 'production') await api.register(devMailApiRoutes, deps);
    },
    { prefix: '/api' },
  );
  if (config.env !== 'production') await app.register(devMailPages, deps);

  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(webStatic, {
    webDist: config.webDist,
    mounts: [
      { prefix: '/media/', root: config.mediaDir },
      { prefix: '/demo/', root: path.resolve(DEMO_MEDIA_DIR) },
    ],
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
