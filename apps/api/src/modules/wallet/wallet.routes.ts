import type { FastifyInstance } from 'fastify';
import { formatMoney, toMinor } from '@parmeta/contracts/common/money';
import { WALLET_LIMITS } from '@parmeta/contracts/wallet/wallet-limits';
import type { Db } from '../../db/connection.js';
import { idempotent } from '../../http/idempotency.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import { assertSelf } from '../users/users.service.js';
import type { WalletService } from './wallet.service.js';

export async function walletRoutes(app: FastifyInstance, { db, wallet }: { db: Db; wallet: WalletService }) {
  const me = (req: Parameters<typeof caller>[0], userId?: string) => {
    const user = caller(req);
    if (userId !== undefined) assertSelf(userId, user.userName);
    return user;
  };

  registerRoute(app, routes.userData, async ({ body, req }) => ({ data: await wallet.userData(me(req, body.user_id).userId) }));

  registerRoute(app, routes.transactions, async ({ query, req }) => {
    const user = me(req, query.userId);
    return { data: await wallet.history(user.userId, query.page, query.pageSize, { kinds: query.type, from: query.from, to: query.to }) };
  });

  registerRoute(app, routes.transactionsCsv, async ({ query, req }) => {
    const user = me(req);
    const data = await wallet.historyCsv(user.userId, user.userName, { kinds: query.type, from: query.from, to: query.to });
    const movements = `${data.rows} ${data.rows === 1 ? 'movement' : 'movements'}`;
    return { data, msg: data.truncated ? `The file holds the newest ${movements}. Choose a shorter date range for the rest.` : `${movements}.` };
  });

  registerRoute(app, routes.parToMeta, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return idempotent(db, req, user.userId, body, async (trx) => ({
      data: await wallet.parToMeta(trx, user.userId, toMinor(body.amount)),
      msg: `Moved ${formatMoney(toMinor(body.amount))} par to meta.`,
    }));
  });

  registerRoute(app, routes.premiumToPar, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return idempotent(db, req, user.userId, body, async (trx) => {
      const data = await wallet.premiumToPar(trx, user.userId, body.points);
      return { data, msg: `Converted ${formatMoney(body.points, 0)} points into ${formatMoney(toMinor(data.parCredited))} par.` };
    });
  });

  // The original answered status true even when this failed; here a failure is status false.
  registerRoute(app, routes.withdraw, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return idempotent(db, req, user.userId, body, async (trx) => ({
      data: await wallet.withdraw(trx, user.userId, toMinor(body.amount), body.destination),
      msg: 'Your withdrawal request is pending. We will tell you when it is paid out.',
      statusCode: 201,
    }));
  });

  registerRoute(app, routes.payouts, async ({ query, req }) => ({ data: await wallet.payouts(me(req).userId, query.page, query.pageSize) }));

  registerRoute(app, routes.walletRates, async () => ({ data: { ...wallet.rates(), minWithdrawal: WALLET_LIMITS.minWithdrawal, maxAmount: WALLET_LIMITS.maxAmount } }));
}
