import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import { LIMITS } from '../auth/auth.deps.js';
import { enforce } from '../auth/rate-limit.js';
import { deliverTokens } from '../auth/session-cookie.js';
import type { SessionService } from '../auth/session.service.js';
import type { PasskeyService } from './passkey.service.js';
import { signedInMessage, type Outcome, type SignInService } from './sign-in.service.js';
import type { SiweService } from './siwe.service.js';
import type { TotpService } from './totp.service.js';

export interface SecurityRouteDeps {
  config: Config;
  db: Db;
  sessions: SessionService;
  signIns: SignInService;
  passkeys: PasskeyService;
  totp: TotpService;
  siwe: SiweService;
  /** Whether this member must have a passkey or two-step sign-in (admins, when the setting is on). */
  secondFactorRequired(role: 'user' | 'admin'): boolean;
}

/** Passkeys, two-step sign-in, the sessions list and Sign-In with Ethereum. Rules in the services. */
export async function securityRoutes(app: FastifyInstance, deps: SecurityRouteDeps) {
  const { config, db, sessions, signIns, passkeys, totp, siwe } = deps;
  // The sign-in routes here set the refresh cookie, as the password sign-in does.
  await app.register(cookie);
  const deliver = <T extends Outcome>(outcome: T, req: FastifyRequest, reply: FastifyReply) => ({ data: deliverTokens(config, req, reply, outcome), msg: signedInMessage(outcome) });
  const ua = (req: FastifyRequest) => req.headers['user-agent'];
  // Each challenge is a row until it expires: handing them out is limited per address.
  const limitChallenges = (req: FastifyRequest) => enforce(db.kysely, `challenge:ip:${req.ip}`, LIMITS.challengesPerIp);

  // --- signing in -----------------------------------------------------------------
  registerRoute(app, routes.secondStep, async ({ body, req, reply }) =>
    deliver(await signIns.secondStep(body.token, 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode }, req.ip, ua(req)), req, reply),
  );
  registerRoute(app, routes.passkeySignInOptions, async ({ req }) => {
    await limitChallenges(req);
    return { data: { ...(await passkeys.signInOptions()) } };
  });
  registerRoute(app, routes.passkeySignIn, async ({ body, req, reply }) => deliver(await passkeys.signIn(body.response, ua(req)), req, reply));
  registerRoute(app, routes.walletSignInMessage, async ({ body, req }) => {
    await limitChallenges(req);
    return { data: await siwe.signInMessage(body.address, body.chainId) };
  });
  registerRoute(app, routes.walletSignIn, async ({ body, req, reply }) => deliver(await siwe.signIn(body.message, body.signature as `0x${string}`, ua(req)), req, reply));

  // --- signed-in devices ----------------------------------------------------------
  registerRoute(app, routes.sessions, async ({ req }) => ({ data: await sessions.list(caller(req).userId, caller(req).sessionId) }));
  registerRoute(app, routes.endSession, async ({ body, req }) => {
    await sessions.end(caller(req).userId, body.sessionId);
    return { data: {}, msg: 'That device is signed out.' };
  });
  registerRoute(app, routes.endOtherSessions, async ({ req }) => {
    const ended = await sessions.endOthers(caller(req).userId, caller(req).sessionId);
    return { data: { ended }, msg: ended === 0 ? 'No other device was signed in.' : `Signed out ${ended} other ${ended === 1 ? 'device' : 'devices'}.` };
  });

  // --- passkeys -------------------------------------------------------------------
  registerRoute(app, routes.passkeys, async ({ req }) => ({ data: await passkeys.list(caller(req).userId) }));
  registerRoute(app, routes.passkeyRegisterOptions, async ({ req }) => ({ data: { ...(await passkeys.registrationOptions(caller(req).userId)) } }));
  registerRoute(app, routes.addPasskey, async ({ body, req }) => ({
    data: await passkeys.register(caller(req).userId, body.name, body.response),
    msg: 'Passkey added. You can sign in with it now.',
    statusCode: 201,
  }));
  registerRoute(app, routes.removePasskey, async ({ body, req }) => {
    await passkeys.remove(caller(req).userId, body.id);
    return { data: {}, msg: 'Passkey removed.' };
  });

  // --- two-step sign-in -----------------------------------------------------------
  registerRoute(app, routes.twoFactorStatus, async ({ req }) => ({ data: { ...(await totp.status(caller(req).userId)), required: deps.secondFactorRequired(caller(req).role) } }));
  registerRoute(app, routes.twoFactorSetup, async ({ req }) => ({ data: await totp.setup(caller(req).userId, caller(req).userName) }));
  registerRoute(app, routes.twoFactorEnable, async ({ body, req }) => ({
    data: await totp.enable(caller(req).userId, body.code, req.ip),
    msg: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  }));
  registerRoute(app, routes.twoFactorDisable, async ({ body, req }) => {
    await totp.disable(caller(req).userId, body.code, req.ip);
    return { data: {}, msg: 'Two-step sign-in is off.' };
  });
  registerRoute(app, routes.recoveryCodesRenew, async ({ body, req }) => ({
    data: await totp.renewRecoveryCodes(caller(req).userId, body.code, req.ip),
    msg: 'New recovery codes made. The old ones no longer work.',
  }));

  // --- the linked external wallet -------------------------------------------------
  registerRoute(app, routes.linkedWallet, async ({ req }) => ({ data: await siwe.linked(caller(req).userId) }));
  registerRoute(app, routes.walletLinkMessage, async ({ body, req }) => ({ data: await siwe.linkMessage(caller(req).userId, body.address, body.chainId) }));
  registerRoute(app, routes.linkWallet, async ({ body, req }) => ({
    data: await siwe.link(caller(req).userId, body.message, body.signature as `0x${string}`),
    msg: 'Wallet linked.',
    statusCode: 201,
  }));
  registerRoute(app, routes.unlinkWallet, async ({ req }) => {
    await siwe.unlink(caller(req).userId);
    return { data: {}, msg: 'Wallet unlinked.' };
  });
}
