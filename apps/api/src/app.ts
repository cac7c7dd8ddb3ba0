import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { AppDeps } from './deps.js';
import { zodValidatorCompiler } from './http/validation.js';
import { AccountService } from './modules/auth/account.service.js';
import type { AuthDeps } from './modules/auth/auth.deps.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { HashPool } from './modules/auth/hash-pool.js';
import { SessionService } from './modules/auth/session.service.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { devMailApiRoutes, devMailPages } from './modules/mail/dev-mail.routes.js';
import { MailWorker } from './modules/mail/mail.worker.js';
import { userRoutes } from './modules/users/users.routes.js';
import { AccessLog } from './plugins/access-log.js';
import auth from './plugins/auth.js';
import errors from './plugins/errors.js';
import openapi from './plugins/openapi.js';
import security from './plugins/security.js';
import webStatic from './plugins/web-static.js';
import { DEMO_MEDIA_DIR } from './seed/seed.js';
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
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // The request id goes back to the caller so a support request can quote it.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });

  const deps: AppDeps = { config, db, version: VERSION };
  const hashPool = new HashPool();
  const mailWorker = config.smtpUrl ? new MailWorker(db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom, pollMs: config.mailPollMs }) : undefined;
  const authDeps: AuthDeps = { db, config, tokens: new AccessTokens(config.jwtSecret), hashPool, nudgeMail: () => mailWorker?.nudge() };
  const accounts = new AccountService(authDeps);
  const sessions = new SessionService(authDeps);
  app.addHook('onReady', async () => mailWorker?.start());
  app.addHook('onClose', async () => {
    await mailWorker?.stop();
    await hashPool.close();
  });

  await app.register(errors);
  await app.register(security);
  await app.register(openapi, { version: VERSION });
  await app.register(auth, { sessions });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, { config, accounts, sessions });
      await api.register(userRoutes, deps);
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
