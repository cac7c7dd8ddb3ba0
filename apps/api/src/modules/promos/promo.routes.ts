import type { FastifyInstance } from 'fastify';
import { apiRoutes, type RouteDef } from '@parmeta/contracts';
import { registerRoute, type Handler } from '../../http/route.js';
import { caller, requireAdmin } from '../../plugins/auth.js';
import type { PromoService } from './promo.service.js';

/** The shopper's quote; the admin's codes (signed in, and an admin, or 403). */
export async function promoRoutes(app: FastifyInstance, { promos }: { promos: PromoService }) {
  registerRoute(app, apiRoutes.quotePromo, async ({ body, req }) => ({ data: await promos.quote(caller(req).userId, body.code, body.list), msg: 'The code is applied.' }));
  const admin = <R extends RouteDef>(def: R, handler: Handler<R>) => registerRoute(app, def, handler, { preValidation: requireAdmin });
  admin(apiRoutes.adminPromos, async ({ body }) => ({ data: await promos.list(body.page, body.pageSize) }));
  admin(apiRoutes.adminCreatePromo, async ({ body, req }) => ({ data: await promos.create(caller(req).userId, body), msg: 'Promo code created.', statusCode: 201 }));
  admin(apiRoutes.adminDisablePromo, async ({ body, req }) => ({ data: await promos.disable(caller(req).userId, body.id), msg: 'Promo code disabled.' }));
}
