import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '@parmeta/contracts';
import { AVATAR_MAX_BYTES } from '@parmeta/contracts/account/profile-limits';
import type { Db } from '../../db/connection.js';
import { badRequest } from '../../http/errors.js';
import { registerRoute, type Handler } from '../../http/route.js';
import { routes, type RouteRef } from '../../http/contract-routes.js';
import { caller, requireAdmin } from '../../plugins/auth.js';
import { acceptMultipart, readForm } from '../account/multipart-form.js';
import type { PayoutService } from '../wallet/payout.service.js';
import type { AdminNftService } from './admin-nfts.service.js';
import type { AdminOrderService } from './admin-orders.service.js';
import type { AdminProductService } from './admin-products.service.js';
import { auditPage } from './audit.js';

export interface AdminRouteDeps {
  db: Db;
  adminProducts: AdminProductService;
  adminNfts: AdminNftService;
  adminOrders: AdminOrderService;
  payouts: PayoutService;
}

/** Everything under /api/admin: signed in, and an admin, or 403. */
export async function adminRoutes(app: FastifyInstance, { db, adminProducts, adminNfts, adminOrders, payouts }: AdminRouteDeps) {
  await acceptMultipart(app);
  const route = <R extends RouteDef>(def: RouteRef<R>, handler: Handler<R>) => registerRoute(app, def, handler, { preValidation: requireAdmin });
  const adminId = (req: FastifyRequest) => caller(req).userId;

  route(routes.adminDashboard, async () => {
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    const [today, lowStock, pending] = await Promise.all([adminOrders.today(start.getTime()), adminProducts.lowStock(), payouts.list('pending', 1, 100)]);
    const { ordersToShip, ...counts } = today;
    return { data: { today: counts, lowStock, ordersToShip, pendingPayouts: { count: pending.total, amount: pending.items.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100 } } };
  });

  route(routes.adminProducts, async ({ body }) => ({ data: await adminProducts.list(body.search, body.page, body.pageSize) }));
  route(routes.adminProduct, async ({ body }) => ({ data: await adminProducts.one(db.kysely, body.id) }));
  route(routes.adminCreateProduct, async ({ body, req }) => ({ data: await adminProducts.create(adminId(req), body), msg: 'Product created.', statusCode: 201 }));
  route(routes.adminUpdateProduct, async ({ body, req }) => {
    const { id, expectedStock, ...fields } = body;
    return { data: await adminProducts.update(adminId(req), id, fields, expectedStock), msg: 'Product saved.' };
  });
  route(routes.adminSetStock, async ({ body, req }) => ({ data: await adminProducts.setStock(adminId(req), body.id, body.stock, body.expectedStock), msg: 'Stock updated.' }));
  route(routes.adminUploadImage, async ({ req }: { req: FastifyRequest; reply: FastifyReply }) => {
    const form = await readForm(req, 'img', AVATAR_MAX_BYTES);
    if (!form.file) throw badRequest('img: choose an image file', { img: 'choose an image file' });
    return { data: await adminProducts.uploadImage(form.file.bytes, form.file.mimetype), msg: 'Image uploaded.', statusCode: 201 };
  });
  route(routes.adminCategories, async () => ({ data: await adminProducts.categories() }));
  route(routes.adminSaveCategory, async ({ body, req }) => ({ data: await adminProducts.saveCategory(adminId(req), body), msg: 'Category saved.' }));

  route(routes.adminNfts, async ({ body }) => ({ data: await adminNfts.list(body.search, body.page, body.pageSize) }));
  route(routes.adminNft, async ({ body }) => ({ data: await adminNfts.one(db.kysely, body.id) }));
  route(routes.adminCollections, async () => ({ data: await adminNfts.collections() }));
  route(routes.adminSaveCollection, async ({ body, req }) => ({ data: await adminNfts.saveCollection(adminId(req), body), msg: 'Collection saved.' }));
  route(routes.adminMintNft, async ({ body, req }) => ({ data: await adminNfts.mint(adminId(req), body), msg: 'NFT minted.', statusCode: 201 }));
  route(routes.adminUpdateNft, async ({ body, req }) => {
    const { id, ...fields } = body;
    return { data: await adminNfts.update(adminId(req), id, fields), msg: 'NFT saved.' };
  });

  route(routes.adminOrders, async ({ body }) => ({ data: await adminOrders.list(body) }));
  route(routes.adminOrderDetail, async ({ body }) => ({ data: await adminOrders.detail(body.orderNo) }));
  route(routes.adminShipOrder, async ({ body, req }) => ({ data: await adminOrders.ship(adminId(req), body.orderNo, body.carrier, body.trackingNo), msg: 'Marked as shipped; the customer has been mailed.' }));
  route(routes.adminDeliverOrder, async ({ body, req }) => ({ data: await adminOrders.deliver(adminId(req), body.orderNo), msg: 'Marked as delivered.' }));
  route(routes.adminCancelOrder, async ({ body, req }) => ({ data: await adminOrders.cancel(adminId(req), body.orderNo), msg: 'Order cancelled.' }));

  route(routes.adminPayouts, async ({ body }) => ({ data: await payouts.list(body.status, body.page, body.pageSize) }));
  route(routes.adminCompletePayout, async ({ body, req }) => ({ data: await payouts.settle(adminId(req), body.id, { completed: true }), msg: 'Withdrawal marked as paid out.' }));
  route(routes.adminFailPayout, async ({ body, req }) => ({ data: await payouts.settle(adminId(req), body.id, { completed: false, reason: body.reason }), msg: "Withdrawal failed; the member's par is back." }));

  route(routes.adminAudit, async ({ body }) => ({ data: { ...(await auditPage(db.kysely, body.pageSize, (body.page - 1) * body.pageSize)), page: body.page, pageSize: body.pageSize } }));
}
