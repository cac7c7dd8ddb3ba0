import { authRoutes } from './auth/auth.contract.js';
import { healthRoutes } from './health/health.contract.js';
import { mailRoutes } from './mail/mail.contract.js';
import { userRoutes } from './users/users.contract.js';

/** Every API call, by name. Features add their route groups here. */
export const apiRoutes = {
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...mailRoutes,
};

export type ApiRoutes = typeof apiRoutes;
