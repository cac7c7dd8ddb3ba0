import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@parmeta/contracts';
import { registerRoute, type Handler } from '../../http/route.js';
import { routes, type RouteRef } from '../../http/contract-routes.js';
import { caller, requireAdmin } from '../../plugins/auth.js';
import type { PromoService } from './promo.service.js';

/** The shopper's quote; the admin's codes (signed in, and an admin, or 403). */
export async function promoRoutes(app: FastifyInstance, { promos }: { promos: PromoService }) {
  registerRoute(app, routes.quotePromo, async ({ body, req }) => ({ data: await promos.quote(caller(req).userId, body.code, body.list), msg: 'The code is applied.' }));
  const admin = <R extends RouteDef>(def: RouteRef<R>, handler: Handler<R>) => registerRoute(app, def, handler, { preValidation: requireAdmin });
  admin(routes.adminPromos, async ({ body }) => ({ data: await promos.list(body.page, body.pageSize) }));
  admin(routes.adminCreatePromo, async ({ body, req }) => ({ data: await promos.create(caller(req).userId, body), msg: 'Promo code created.', statusCode: 201 }));
  admin(routes.adminDisablePromo, async ({ body, req }) => ({ data: await promos.disable(caller(req).userId, body.id), msg: 'Promo code disabled.' }));
}
