import { healthRoutes } from './health/health.contract.js';

/** Every API call, by name. Features add their route groups here. */
export const apiRoutes = {
  ...healthRoutes,
};

export type ApiRoutes = typeof apiRoutes;
