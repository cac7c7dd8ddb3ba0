import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import type { AppDeps } from '../../deps.js';
import type { Readiness } from '../../lib/readiness.js';

/** A load balancer may poll health thousands of times a second; the database is asked at most this often. */
const CHECK_EVERY_MS = 1_000;

const NOT_READY = {
  starting: 'Starting up: migrations and demo data are not done yet.',
  draining: 'Shutting down: finishing the requests in flight.',
} as const;

/**
 * Two checks for two askers (docs/decisions/0047): `live` for a supervisor deciding whether
 * to restart the process (never the database: an outage must not restart every instance),
 * `ready` for a load balancer deciding whether to send requests. The original `/health`
 * answers as `ready` does, so what already waits for it (monitors, scripts) still means
 * "started and serving".
 */
export async function healthRoutes(app: FastifyInstance, { db, version, readiness }: AppDeps & { readiness: Readiness }) {
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
  const databaseAnswers = async () => {
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
  };
  const uptimeSeconds = () => Math.round(process.uptime());

  const ready = async () => {
    const phase = readiness.phase;
    if (phase !== 'ready') throw new AppError('UNAVAILABLE', NOT_READY[phase]);
    await databaseAnswers();
    return { data: { uptimeSeconds: uptimeSeconds(), database: db.dialect, version } };
  };
  registerRoute(app, routes.health, ready);
  registerRoute(app, routes.healthReady, ready);
  registerRoute(app, routes.healthLive, async () => ({ data: { uptimeSeconds: uptimeSeconds(), version } }));
}
