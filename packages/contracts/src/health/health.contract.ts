import { z } from '../zod.js';
import { defineRoute } from '../routes.js';

export const healthData = z.object({
  uptimeSeconds: z.number(),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});

export const liveData = z.object({
  uptimeSeconds: z.number(),
  version: z.string(),
});

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'The original health check: answers as /health/ready does',
    tag: 'health',
    auth: false,
    data: healthData,
  }),
  healthLive: defineRoute({
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness: the process answers (never asks the database; 200 from the moment it listens until it exits)',
    tag: 'health',
    auth: false,
    data: liveData,
  }),
  healthReady: defineRoute({
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness: started (migrated, seeded), not shutting down, and the database answers; 503 otherwise',
    tag: 'health',
    auth: false,
    data: healthData,
  }),
};
