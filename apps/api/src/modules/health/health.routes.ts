import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiRoutes } from '@parmeta/contracts';
import { AppError } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import type { AppDeps } from '../../deps.js';

export async function healthRoutes(app: FastifyInstance, { db, version }: AppDeps) {
  registerRoute(app, apiRoutes.health, async () => {
    try {
      await sql`select 1`.execute(db.kysely);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { data: { uptimeSeconds: Math.round(process.uptime()), database: db.dialect, version } };
  });
}
