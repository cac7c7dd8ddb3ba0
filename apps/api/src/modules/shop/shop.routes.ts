import type { OrderDetail } from '@parmeta/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { answered, idempotencyKey, idempotent, idempotentExternal } from '../../http/idempotency.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import { assertSelf } from '../users/users.service.js';
import type { CatalogService } from './catalog.service.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrderService } from './order.service.js';
import type { CartService } from './cart.service.js';

export interface ShopRouteDeps {
  db: Db;
  catalog: CatalogService;
  orders: OrderService;
  lifecycle: OrderLifecycle;
  carts: CartService;
}

export async function shopRoutes(app: FastifyInstance, { db, catalog, orders, lifecycle, carts }: ShopRouteDeps) {
  const me = (req: Parameters<typeof caller>[0], userId?: string) => {
    const user = caller(req);
    if (userId !== undefined) assertSelf(userId, user.userName);
    return user;
  };

  registerRoute(app, routes.shopProducts, async ({ body }) => ({ data: await catalog.list(body) }));
  registerRoute(app, routes.productDetail, async ({ params }) => ({ data: await catalog.detail(params.id) }));
  registerRoute(app, routes.featured, async ({ reply }) => {
    void reply.header('cache-control', 'public, max-age=60');
    return { data: await catalog.featured() };
  });

  registerRoute(app, routes.getCart, async ({ req }) => ({ data: await carts.get(caller(req).userId) }));
  registerRoute(app, routes.updateCart, async ({ body, req }) => ({ data: await carts.update(caller(req).userId, body.list), msg: 'Cart saved.' }));

  registerRoute(app, routes.createOrder, async ({ body, req }) => {
    const user = me(req, body.user_id);
    // What the product rows already refuse is refused before any transaction (a rush on a sold-out
    // product); a key already answered is replayed without running the order again.
    const before = await orders.readBeforeOrder(user.userId, idempotencyKey(req), body);
    const replayed = before === 'answered' ? await answered<OrderDetail>(db, req, user.userId, body) : null;
    if (replayed) return replayed;
    const readBefore = before === 'answered' ? null : before;
    // The order takes stock in the transaction idempotent() opens: the list hears of it after the commit.
    return catalog.changing(() =>
      idempotent(db, req, user.userId, body, async (trx) => ({
        data: await orders.create(trx, user.userId, user.userName, body, readBefore),
        msg: 'Your order is reserved. Please pay within the time shown.',
        statusCode: 201,
      })),
    );
  });

  registerRoute(app, routes.priceOrder, async ({ query, req }) => ({ data: await orders.price(me(req).userId, query.orderNo) }));

  registerRoute(app, routes.updateOrder, async ({ query, body, req }) => ({
    data: await orders.updateShipping(me(req).userId, query.orderNo, body.shipping, body.note),
    msg: 'Shipping details saved.',
  }));

  registerRoute(app, routes.payOrder, async ({ body, req }) => {
    const user = me(req);
    const msg = 'Payment received. Thank you!';
    if (body.method === 'par') {
      // Nothing outside the database: the key's claim, the payment and its stored answer commit together.
      const paid = await idempotent(db, req, user.userId, body, async (trx) => ({ data: await lifecycle.payWithParIn(trx, user.userId, body.orderNo), msg }));
      lifecycle.mailQueued();
      return paid;
    }
    // By card: the charge comes first, outside any transaction; the key's answer is written in the payment's.
    return idempotentExternal(db, req, user.userId, body, async (keep) => ({ data: await lifecycle.pay(user.userId, body, (trx, paid) => keep(trx, { data: paid, msg })), msg }));
  });

  registerRoute(app, routes.cancelOrder, async ({ query, req }) => {
    const user = me(req);
    await lifecycle.cancel(query.orderNo, { userId: user.userId });
    return { data: await orders.detail(user.userId, query.orderNo), msg: 'The order is cancelled.' };
  });

  registerRoute(app, routes.myOrders, async ({ query, req }) => {
    const user = me(req, query.userId);
    return { data: await orders.list(user.userId, user.userName, query.page, query.pageSize) };
  });

  registerRoute(app, routes.reorderItems, async ({ query, req }) => ({ data: await orders.reorderItems(me(req).userId, query.orderNo) }));

  registerRoute(app, routes.orderDetail, async ({ query, req }) => ({ data: await orders.detail(me(req).userId, query.orderNo) }));

  registerRoute(app, routes.userOrders, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return { data: (await orders.list(user.userId, user.userName, 1, 100)).items };
  });
}
