import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@parmeta/contracts/constants';
import type { Config } from '../../config.js';
import { forbidden } from '../../http/errors.js';

/**
 * The refresh token travels in an httpOnly, SameSite=Strict cookie. With an https
 * public URL, or on localhost (which browsers treat as secure), it gets the __Host-
 * prefix and Secure; a plain-http LAN address falls back to a plain name.
 */
export function refreshCookie(config: Config) {
  const url = new URL(config.publicUrl);
  const secure = url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return { name: secure ? '__Host-parmeta_rt' : 'parmeta_rt', secure };
}

/** Calls from the web app carry this header; a cross-site form or image cannot add it. */
export const fromWebApp = (req: FastifyRequest) => req.headers[CSRF_HEADER] === CSRF_HEADER_VALUE;

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expire: number): void {
  const { name, secure } = refreshCookie(config);
  void reply.setCookie(name, token, { httpOnly: true, secure, sameSite: 'strict', path: '/', expires: new Date(expire) });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  const { name, secure } = refreshCookie(config);
  void reply.clearCookie(name, { httpOnly: true, secure, sameSite: 'strict', path: '/' });
}

export function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * The refresh token: from the cookie when the web app's header is present (the web app
 * may also send a stale access token as bearer, which must not win), otherwise from the
 * bearer header, as the original's clients send it. A cookie without the header is refused.
 */
export function refreshTokenFrom(req: FastifyRequest, config: Config): string | undefined {
  const cookie = req.cookies[refreshCookie(config).name];
  if (cookie && fromWebApp(req)) return cookie;
  const fromBearer = bearer(req);
  if (fromBearer) return fromBearer;
  if (cookie) throw forbidden(`Cookie-based calls need the ${CSRF_HEADER} header.`);
  return undefined;
}

/**
 * What a sign-in answers, whichever way in: the web app gets the refresh token only as an
 * httpOnly cookie, so no script can read it; other clients get it in the body and send it back
 * as a bearer token, as the original does. A pending second step carries no session to deliver.
 */
export function deliverTokens<T extends { refreshToken: { token: string; expire: number } } | { secondStep: unknown }>(config: Config, req: FastifyRequest, reply: FastifyReply, issued: T) {
  if (!('refreshToken' in issued) || !fromWebApp(req)) return issued;
  setRefreshCookie(reply, config, issued.refreshToken.token, issued.refreshToken.expire);
  return { ...issued, refreshToken: { expire: issued.refreshToken.expire } };
}
