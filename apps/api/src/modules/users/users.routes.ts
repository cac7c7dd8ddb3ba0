import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import { assertSelf, getUserDetail } from './users.service.js';

export async function userRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerRoute(app, routes.userDetail, async ({ body, req }) => {
    const me = caller(req);
    assertSelf(body.user_id, me.userName);
    return { data: await getUserDetail(db.kysely, me.userId, config.memberClasses) };
  });
}
