import { apiRoutes } from '@parmeta/contracts/route-table';
import { addressOf, type RouteAddress } from './route-address.js';

/**
 * Every contract route's address, by name. Computed here from the contracts, which builds every
 * schema; the server's bundle has this module written out as plain data at build time
 * (scripts/bundle.mjs), so a starting server builds no schema until a request needs one
 * (docs/decisions/0087).
 */
export const routeAddresses: Record<string, RouteAddress> = Object.fromEntries(Object.entries(apiRoutes).map(([name, route]) => [name, addressOf(route)]));
