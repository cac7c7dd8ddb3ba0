import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { unauthorized } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import type { AccountService } from './account.service.js';
import { SAME_ANSWER } from './account.service.js';
import type { IssuedTokens, SessionService } from './session.service.js';
import { signedInMessage, type SignInService } from '../security/sign-in.service.js';
import { bearer, clearRefreshCookie, deliverTokens, fromWebApp, refreshCookie, refreshTokenFrom } from './session-cookie.js';

export interface AuthRouteDeps {
  config: Config;
  accounts: AccountService;
  sessions: SessionService;
  signIns: SignInService;
}

export async function authRoutes(app: FastifyInstance, { config, accounts, sessions, signIns }: AuthRouteDeps) {
  // Only these routes read or set the refresh cookie; elsewhere cookie parsing would be a
  // hook on every request for nothing.
  await app.register(cookie);
  const deliver = <T extends IssuedTokens | { secondStep: unknown }>(issued: T, req: FastifyRequest, reply: FastifyReply) => deliverTokens(config, req, reply, issued);

  registerRoute(app, routes.signUp, async ({ body, req }) => ({
    data: await accounts.signUp(body, req.ip),
    msg: 'Account created. We sent you an email: open its link to verify your address, then sign in.',
    statusCode: 201,
  }));

  registerRoute(app, routes.passwordStrength, async ({ body, req }) => ({ data: await accounts.rateNewPassword(body.password, body, req.ip) }));

  registerRoute(app, routes.signIn, async ({ body, req, reply }) => {
    const outcome = await signIns.withPassword(body.userName, body.password, req.ip, req.headers['user-agent']);
    return { data: deliver(outcome, req, reply), msg: signedInMessage(outcome) };
  });

  registerRoute(app, routes.refresh, async ({ req, reply }) => {
    const token = refreshTokenFrom(req, config);
    if (!token) throw unauthorized('Your session has ended. Please sign in again.');
    try {
      return { data: deliver(await sessions.refresh(token), req, reply), msg: 'Session renewed.' };
    } catch (error) {
      clearRefreshCookie(reply, config);
      throw error;
    }
  });

  // Signs out whatever session the call names: a valid access token's, and the refresh
  // token's (cookie from the web app, or a bearer that is not an access token).
  registerRoute(app, routes.logout, async ({ req, reply }) => {
    const token = bearer(req);
    const claims = token ? await sessions.authenticate(token) : null;
    const cookie = fromWebApp(req) ? req.cookies[refreshCookie(config).name] : undefined;
    const refreshToken = cookie ?? (claims ? undefined : token);
    await sessions.logout({ sessionId: claims?.sessionId, refreshToken });
    clearRefreshCookie(reply, config);
    return { data: {}, msg: 'Signed out.' };
  });

  registerRoute(app, routes.verifyEmail, async ({ body }) => ({
    data: await accounts.verifyEmail(body.signature),
    msg: 'Your email is verified. You can sign in now.',
  }));

  registerRoute(app, routes.resendVerify, async ({ query, req }) => {
    await accounts.resendVerification(query.email, req.ip);
    return { data: {}, msg: SAME_ANSWER.resend };
  });

  registerRoute(app, routes.sendResetPassword, async ({ query, req }) => {
    await accounts.requestPasswordReset(query.email, req.ip);
    return { data: {}, msg: SAME_ANSWER.reset };
  });

  registerRoute(app, routes.resetPassword, async ({ body }) => {
    await accounts.resetPassword(body.token, body.password);
    return { data: {}, msg: 'Your password is changed and you are signed out everywhere. Sign in with the new password.' };
  });
}
