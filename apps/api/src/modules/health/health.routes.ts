import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiRoutes } from '@parmeta/contracts';
import { AppError } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import type { AppDeps } from '../../deps.js';

/** A load balancer may poll health thousands of times a second; the database is asked at most this often. */
const CHECK_EVERY_MS = 1_000;

export async function healthRoutes(app: FastifyInstance, { db, version }: AppDeps) {
  let lastCheck = 0;
  let pending: Promise<boolean> | undefined;
  let healthy = false;
  const check = async () => {
    try {
      await sql`select 1`.execute(db.kysely);
      return true;
    } catch {
      return false;
    }
  };

  registerRoute(app, apiRoutes.health, async () => {
    const now = Date.now();
    if (now - lastCheck >= CHECK_EVERY_MS) {
      pending ??= check().then((ok) => {
        healthy = ok;
        lastCheck = Date.now();
        pending = undefined;
        return ok;
      });
      await pending;
    }
    if (!healthy) throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    return { data: { uptimeSeconds: Math.round(process.uptime()), database: db.dialect, version } };
  });
}
