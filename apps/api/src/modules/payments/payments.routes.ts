import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { enforce } from '../auth/rate-limit.js';
import type { PaymentGateway } from './gateway.js';

const TOKENIZE_LIMIT = { max: 60, windowMs: 3600_000 };

/**
 * The sandbox gateway's public endpoint. Card numbers and CVCs arrive here and nowhere
 * else in the product; they are not logged (the access log has no bodies) and not stored.
 */
export async function gatewayRoutes(app: FastifyInstance, { db, gateway }: { db: Db; gateway: PaymentGateway }) {
  registerRoute(app, routes.tokenizeCard, async ({ body, req }) => {
    await enforce(db.kysely, `tokenize:ip:${req.ip}`, TOKENIZE_LIMIT);
    return { data: await gateway.tokenize(body), msg: 'Card accepted by the payment gateway.' };
  });
}
