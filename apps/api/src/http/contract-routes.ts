import type { apiRoutes, RouteDef } from '@parmeta/contracts';
import { addressOf, type RouteAddress } from './route-address.js';
import { routeAddresses } from './route-addresses.js';

type Contracts = typeof apiRoutes;

/** A contract route as the server registers it: its address at once, its schemas when first needed. */
export interface RouteRef<R extends RouteDef = RouteDef> {
  name: string;
  address: RouteAddress;
  /** The route's contract, with its schemas. */
  contract(): Promise<R>;
}

let contracts: Promise<Contracts> | undefined;
let loaded: Contracts | undefined;

/**
 * Every contract's schemas, built once, when the first request that validates something (or the
 * OpenAPI document) needs them: zod builds a module's schemas as it loads, ~3,300 of them, which
 * held ~10 MB from start in a server that had not been asked anything yet (docs/decisions/0087).
 */
export function allContracts(): Promise<Contracts> {
  contracts ??= import('@parmeta/contracts/route-table').then((m) => {
    loaded = m.apiRoutes;
    // Building them grew the old generation by a quarter (~5 MB live), which starts a full
    // collection whose marking steps (up to 5 ms each) then land on the next requests: the p95 of
    // 40 catalog pages right after the first sign-in was 8-12 ms, against 3.5-6 ms when start-up
    // built them. Collected once here instead, right after this request's schemas are in (with
    // --expose-gc, as `npm start` runs; decision 0087).
    setImmediate(() => globalThis.gc?.({ type: 'major', execution: 'sync' }));
    return loaded;
  });
  return contracts;
}

/** A route's contract if the contracts are loaded already (the OpenAPI document loads them first). */
export const loadedContract = (name: string): RouteDef | undefined => (loaded as Record<string, RouteDef> | undefined)?.[name];

const refOf = (name: string, address: RouteAddress): RouteRef => ({ name, address, contract: async () => (await allContracts())[name as keyof Contracts] });

/** Every contract route by name, as route files register them: `registerRoute(app, routes.createOrder, ...)`. */
export const routes = Object.fromEntries(Object.entries(routeAddresses).map(([name, address]) => [name, refOf(name, address)])) as unknown as { [K in keyof Contracts]: RouteRef<Contracts[K]> };

/** A reference to a contract held at hand rather than in the table (a test's own route). */
export const refTo = <R extends RouteDef>(name: string, contract: R): RouteRef<R> => ({ name, address: addressOf(contract), contract: async () => contract });
