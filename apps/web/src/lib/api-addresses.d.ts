declare module 'virtual:api-addresses' {
  import type { apiRoutes, RouteDef } from '@parmeta/contracts';

  /** The route table without its schemas: see apps/web/build/api-addresses.ts. */
  export const apiAddresses: { readonly [K in keyof typeof apiRoutes]: Pick<RouteDef, 'method' | 'path' | 'auth'> };
}
