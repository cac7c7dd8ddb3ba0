import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  interface FastifyInstance {
    /** Admins must have started their session with a passkey or a password and a code. */
    adminsNeedSecondFactor: boolean;
    /** The shop window is open to visitors (PUBLIC_CATALOG). */
    publicCatalog: boolean;
  }
}

/** The acting user, on a route that ran `authenticate`. */
export function caller(req: FastifyRequest): AccessClaims {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const SECOND_FACTOR_FOR_ADMINS = 'The admin area needs a stronger sign-in: add a passkey or turn on two-step sign-in on your Security page, then sign in again with it.';

/**
 * Refuses callers who are not admins (after authenticate), and, when the setting is on
 * (REQUIRE_ADMIN_SECOND_FACTOR, on by default in production), admins whose session was
 * started with a password alone.
 */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  const user = caller(req);
  if (user.role !== 'admin') throw forbidden('This area is for shop administrators.');
  if (req.server.adminsNeedSecondFactor && !user.mfa) throw forbidden(SECOND_FACTOR_FOR_ADMINS);
}

type HookDone = (error?: Error) => void;

/** Bearer access tokens: `authenticate` checks the JWT and that its session is still active. */
async function authPlugin(app: FastifyInstance, opts: { sessions: SessionService; adminsNeedSecondFactor: boolean; publicCatalog: boolean }) {
  app.decorateRequest('user', null);
  app.decorate('adminsNeedSecondFactor', opts.adminsNeedSecondFactor);
  // A callback hook, not an async one: most requests carry a token checked a moment ago
  // (decision 0013), and those go on at once instead of through two async functions and
  // their promises for an answer already in memory.
  app.decorate('authenticate', (req: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const token = bearer(req);
    if (!token) return done(unauthorized());
    const signedIn = (claims: AccessClaims | null) => {
      if (!claims) return done(unauthorized('Your session has expired. Please sign in again.'));
      req.user = claims;
      done();
    };
    const known = opts.sessions.knownClaims(token);
    if (known !== undefined) return signedIn(known);
    opts.sessions.authenticate(token).then(signedIn, done);
  });
  // The shop window's reads (auth: 'catalog'): a visitor without a token is let through when
  // the catalog is open (PUBLIC_CATALOG, docs/decisions/0062), and refused as on any protected
  // route when it is not. A token sent is always checked: a member's answer is the member's.
  app.decorate('catalogReader', (req: FastifyRequest, reply: FastifyReply, done: HookDone) => {
    if (opts.publicCatalog && !bearer(req)) return done();
    app.authenticate(req, reply, done);
  });
  app.decorate('publicCatalog', opts.publicCatalog);
}

/** The caller, or null for a visitor on an open catalog's route (auth: 'catalog'). */
export const viewer = (req: FastifyRequest): AccessClaims | null => req.user;

export default fp(authPlugin, { name: 'auth' });
