import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@parmeta/contracts';
import type { Db } from '../../db/connection.js';
import { registerRoute, type Handler } from '../../http/route.js';
import { routes, type RouteRef } from '../../http/contract-routes.js';
import { caller, requireAdmin } from '../../plugins/auth.js';
import type { VariantService } from './variant.service.js';

/** The admin's side of product variants: signed in, and an admin, or 403. */
export async function variantRoutes(app: FastifyInstance, { db, variants }: { db: Db; variants: VariantService }) {
  const route = <R extends RouteDef>(def: RouteRef<R>, handler: Handler<R>) => registerRoute(app, def, handler, { preValidation: requireAdmin });
  route(routes.adminProductVariants, async ({ body }) => ({ data: await variants.get(db.kysely, body.productId) }));
  route(routes.adminSaveVariants, async ({ body, req }) => ({ data: await variants.save(caller(req).userId, body), msg: 'Options and variants saved.' }));
}
