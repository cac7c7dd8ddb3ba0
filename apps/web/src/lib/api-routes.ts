import type { apiRoutes } from '@parmeta/contracts';
import { apiAddresses } from 'virtual:api-addresses';

/** Every API route by name, typed with its schemas. */
export type Routes = typeof apiRoutes;
export type RouteName = keyof Routes;

/**
 * A route by name, for a call: its method, path and `auth` flag, typed as the full definition so
 * the call's input and answer keep their contract types. The web app calls the API by name and
 * never needs the schemas to do so; zod loads only with the forms that validate with them.
 */
export const routeOf = <K extends RouteName>(name: K) => apiAddresses[name] as unknown as Routes[K];
