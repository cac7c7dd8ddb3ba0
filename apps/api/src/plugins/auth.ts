import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors.js';
import { bearer } from '../modules/auth/session-cookie.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { AccessClaims } from '../modules/auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `authenticate` on protected routes. */
    user: AccessClaims | null;
  }
}

/** The acting user, on a route that ran `authenticate`. */
export function caller(req: FastifyRequest): AccessClaims {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Refuses callers who are not admins (after authenticate). */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (caller(req).role !== 'admin') throw forbidden('This area is for shop administrators.');
}

/** Bearer access tokens: `authenticate` checks the JWT and that its session is still active. */
async function authPlugin(app: FastifyInstance, opts: { sessions: SessionService }) {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) throw unauthorized();
    const claims = await opts.sessions.authenticate(token);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    req.user = claims;
  });
}

export default fp(authPlugin, { name: 'auth' });
