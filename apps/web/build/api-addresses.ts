import { runnerImport, type Plugin } from 'vite';

export const API_ADDRESSES_ID = 'virtual:api-addresses';
const RESOLVED_ID = `\0${API_ADDRESSES_ID}`;

interface RouteLike {
  method: string;
  path: string;
  auth: boolean | 'catalog';
}

/**
 * `virtual:api-addresses`: the contracts' route table without its schemas — method, path and
 * whether the call needs the bearer, per route name. It is computed from the route table at
 * build time (the table is run in Node), so nothing is written twice, and the web app calls the
 * API without shipping zod and every contract schema to pages that validate nothing.
 */
export function apiAddresses(routeTableFile: string): Plugin {
  return {
    name: 'parmeta:api-addresses',
    resolveId: (id) => (id === API_ADDRESSES_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { module, dependencies } = await runnerImport<{ apiRoutes: Record<string, RouteLike> }>(routeTableFile);
      for (const file of dependencies) this.addWatchFile(file);
      const table = Object.fromEntries(Object.entries(module.apiRoutes).map(([name, { method, path, auth }]) => [name, { method, path, auth }]));
      return `export const apiAddresses = ${JSON.stringify(table)};\n`;
    },
  };
}
