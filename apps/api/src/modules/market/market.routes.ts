import type { FastifyInstance } from 'fastify';
import { toMinor } from '@parmeta/contracts/common/money';
import type { Db } from '../../db/connection.js';
import { idempotent } from '../../http/idempotency.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller, viewer } from '../../plugins/auth.js';
import type { MarketService } from './market.service.js';
import type { NftOrderService } from './nft-order.service.js';

export async function marketRoutes(app: FastifyInstance, { db, market, nftOrders }: { db: Db; market: MarketService; nftOrders: NftOrderService }) {
  registerRoute(app, routes.marketProducts, async ({ body, req }) => ({ data: await market.list(viewer(req)?.userId ?? null, body) }));
  registerRoute(app, routes.nftDetail, async ({ params, req }) => ({ data: await market.detail(viewer(req)?.userId ?? null, params.id) }));
  registerRoute(app, routes.myNfts, async ({ req }) => ({ data: await market.mine(caller(req).userId) }));

  registerRoute(app, routes.generateOrderNft, async ({ body, req, reply }) => {
    const buyer = caller(req).userId;
    const order = await nftOrders.generate(buyer, body.nftId);
    // The client may cancel the request (the original's call is cancellable): if the
    // connection closes before the answer is delivered, nothing stays reserved.
    const release = () => void nftOrders.cancel(buyer, order.orderNo).catch((error: unknown) => req.log.error({ err: error }, 'could not release an aborted NFT reservation'));
    if (req.raw.socket?.destroyed) release(); // gone while we were reserving
    else
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) release();
      });
    return { data: order, msg: 'The NFT is reserved for you. Confirm the payment before the reservation runs out.', statusCode: 201 };
  });

  registerRoute(app, routes.confirmOrderNft, async ({ body, req }) => {
    const buyer = caller(req).userId;
    return idempotent(db, req, buyer, body, async (trx) => ({ data: await nftOrders.confirm(trx, buyer, body.orderNo), msg: 'Payment received. The NFT is yours.' }));
  });

  registerRoute(app, routes.cancelOrderNft, async ({ body, req }) => ({ data: await nftOrders.cancel(caller(req).userId, body.orderNo), msg: 'The reservation is released.' }));

  registerRoute(app, routes.listNft, async ({ body, req }) => ({
    data: await nftOrders.setListing(caller(req).userId, body.nftId, true, toMinor(body.price)),
    msg: 'Your NFT is listed for sale.',
  }));
  registerRoute(app, routes.delistNft, async ({ body, req }) => ({ data: await nftOrders.setListing(caller(req).userId, body.nftId, false), msg: 'Your NFT is no longer for sale.' }));
}

