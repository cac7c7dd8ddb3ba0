import { defineRoute } from '../routes.js';
import { userDetail, userIdBody } from './users.schemas.js';

export const userRoutes = {
  userDetail: defineRoute({
    method: 'POST',
    path: '/user/detail',
    summary: "The caller's user detail (user_id must be the caller's userName)",
    tag: 'users',
    auth: true,
    body: userIdBody,
    data: userDetail,
  }),
};
