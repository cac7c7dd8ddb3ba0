import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import type { WishlistService } from './wishlist.service.js';

export async function wishlistRoutes(app: FastifyInstance, { wishlist }: { wishlist: WishlistService }) {
  registerRoute(app, routes.shopMarks, async ({ req }) => ({ data: await wishlist.marks(caller(req).userId) }));
  registerRoute(app, routes.wishlist, async ({ req }) => ({ data: await wishlist.list(caller(req).userId) }));
  registerRoute(app, routes.setWished, async ({ body, req }) => ({
    data: await wishlist.setWished(caller(req).userId, body.productId, body.wished),
    msg: body.wished ? 'Saved to your wishlist.' : 'Removed from your wishlist.',
  }));
  registerRoute(app, routes.setStockAlert, async ({ body, req }) => ({
    data: await wishlist.setAlert(caller(req).userId, body.productId, body.variantId, body.wanted),
    msg: body.wanted ? 'We will mail you once when it is back in stock.' : `You will not be mailed about this ${body.variantId === undefined ? 'product' : 'choice'}.`,
  }));
}
