import type { FastifyInstance } from 'fastify';
import { formatMoney, toMinor } from '@parmeta/contracts/common/money';
import { PAYMENT_TOKEN_HEADER } from '@parmeta/contracts/constants';
import type { Db } from '../../db/connection.js';
import { idempotentExternal } from '../../http/idempotency.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import type { FiatService } from './fiat.service.js';

export async function fiatRoutes(app: FastifyInstance, { db, fiat }: { db: Db; fiat: FiatService }) {
  registerRoute(app, routes.paymentToken, async ({ req }) => ({ data: await fiat.issuePaymentToken(caller(req).userId) }));

  registerRoute(app, routes.generateOrderFiat, async ({ body, req }) => {
    const user = caller(req);
    const header = req.headers[PAYMENT_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    // The replayed answer of an Idempotency-Key comes back without touching the gateway again.
    return idempotentExternal(db, req, user.userId, body, async () => {
      const data = await fiat.createOrder(user.userId, token, body);
      return { data, msg: data.order.type === 'topup' ? `Your card was charged and ${formatMoney(toMinor(data.order.amount))} par added.` : 'Your card was charged. The NFT is yours.', statusCode: 201 };
    });
  });

  registerRoute(app, routes.gatewayWebhook, async ({ body, req }) => {
    const signature = req.headers['x-gateway-signature'];
    fiat.verifySignature(body, Array.isArray(signature) ? signature[0] : signature);
    return { data: { applied: await fiat.applyEvent(body) } };
  });
}
