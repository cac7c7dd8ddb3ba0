import { z } from '../zod.js';
import { defineRoute } from '../routes.js';

export const healthData = z.object({
  uptimeSeconds: z.number(),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tag: 'health',
    auth: false,
    data: healthData,
  }),
};
