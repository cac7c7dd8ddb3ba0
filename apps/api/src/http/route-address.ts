import type { RouteDef } from '@parmeta/contracts';

/** The parts of a request a route's contract validates, in the order Fastify validates them. */
export type RoutePart = 'params' | 'body' | 'query';

/** What registering a route needs from its contract: everything but the schemas. */
export interface RouteAddress {
  method: RouteDef['method'];
  path: string;
  summary: string;
  tag: string;
  auth: RouteDef['auth'];
  /** The parts it has schemas for; a route with none (health, a plain read) never loads a schema. */
  parts: RoutePart[];
}

export const addressOf = (route: RouteDef): RouteAddress => ({
  method: route.method,
  path: route.path,
  summary: route.summary,
  tag: route.tag,
  auth: route.auth,
  parts: (['params', 'body', 'query'] as const).filter((part) => route[part] !== undefined),
});
