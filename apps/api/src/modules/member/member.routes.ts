import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import type { ClosureService } from './closure.service.js';
import type { CredentialsService } from './credentials.service.js';
import type { ExportService } from './export.service.js';

export interface MemberRouteDeps {
  credentials: CredentialsService;
  closure: ClosureService;
  exports: ExportService;
}

/** The member's own account: password, email, closing it, a copy of its data. Each acts on the token's user only. */
export async function memberRoutes(app: FastifyInstance, { credentials, closure, exports }: MemberRouteDeps) {
  registerRoute(app, routes.changePassword, async ({ body, req }) => {
    const me = caller(req);
    await credentials.changePassword(me.userId, me.sessionId, body);
    return { data: {}, msg: 'Your password is changed. Every other device is signed out; this one stays signed in.' };
  });

  registerRoute(app, routes.changeEmail, async ({ body, req }) => {
    const data = await credentials.requestEmailChange(caller(req).userId, body, req.ip);
    return { data, msg: `We sent a link to ${data.pendingEmail}. Your email changes when you open it; until then it stays as it is.` };
  });

  registerRoute(app, routes.confirmEmailChange, async ({ body }) => {
    const data = await credentials.confirmEmailChange(body.signature);
    return { data, msg: `Your email is now ${data.email}. Use it to sign in from now on.` };
  });

  registerRoute(app, routes.accountStatus, async ({ req }) => {
    const { userId } = caller(req);
    return { data: await closure.status(userId, await credentials.pendingEmail(userId)) };
  });

  registerRoute(app, routes.deleteAccount, async ({ body, req }) => {
    await closure.close(caller(req).userId, body.password);
    return { data: {}, msg: 'Your account is closed and your personal data erased. Goodbye, and thank you for shopping with us.' };
  });

  registerRoute(app, routes.exportData, async ({ req, reply }) => {
    const data = await exports.export(caller(req).userId);
    // A download for clients that save the answer as it is.
    void reply.header('content-disposition', `attachment; filename="parmeta-data-${data.account.userName}-${data.exportedAt.slice(0, 10)}.json"`);
    void reply.header('cache-control', 'no-store');
    return { data };
  });
}
