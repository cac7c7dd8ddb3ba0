import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller, requireAdmin, viewer } from '../../plugins/auth.js';
import type { ReviewService } from './reviews.service.js';

export interface ReviewRouteDeps {
  reviews: ReviewService;
}

export async function reviewRoutes(app: FastifyInstance, { reviews }: ReviewRouteDeps) {
  const me = (req: FastifyRequest) => caller(req).userId;

  // A visitor of the open catalog reads as user 0, whom no review, vote or order belongs to.
  registerRoute(app, routes.productReviews, async ({ params, query, req }) => ({ data: await reviews.list(viewer(req)?.userId ?? 0, params.id, query) }));
  registerRoute(app, routes.saveReview, async ({ params, body, req }) => {
    const { review, created } = await reviews.save(me(req), params.id, body);
    return { data: review, msg: created ? 'Thank you! Your review is published.' : 'Your review is updated.', statusCode: created ? 201 : 200 };
  });
  registerRoute(app, routes.voteReview, async ({ params, body, req }) => ({
    data: await reviews.vote(me(req), params.id, body.helpful),
    msg: body.helpful ? 'Marked as helpful.' : 'Helpful mark taken back.',
  }));

  const admin = { preValidation: requireAdmin };
  registerRoute(app, routes.adminReviews, async ({ body }) => ({ data: await reviews.adminList(body) }), admin);
  registerRoute(app, routes.adminHideReview, async ({ body, req }) => ({
    data: await reviews.setHidden(me(req), body.id, body.hidden),
    msg: body.hidden ? 'The review is hidden from the shop.' : 'The review shows in the shop again.',
  }), admin);
}
