// An esbuild plugin: dist/http/route-addresses.js goes into the server bundle as the data it
// computes (every contract route's method, path, summary, tag, auth and validated parts), run once
// here at build time. Computing it imports every contract, and zod builds a module's schemas as it
// loads: written out as data, the bundle reaches the contracts only through the import() that
// loads them when the first request needs a schema (src/http/contract-routes.ts,
// docs/decisions/0087). Tests and tsx run the module itself, so both always agree.
import { pathToFileURL } from 'node:url';

const MODULE = /[\\/]dist[\\/]http[\\/]route-addresses\.js$/;

export const routeAddressesAsData = {
  name: 'route-addresses-as-data',
  setup(build) {
    build.onLoad({ filter: MODULE }, async (args) => {
      const { routeAddresses } = await import(pathToFileURL(args.path).href);
      if (!routeAddresses || Object.keys(routeAddresses).length === 0) throw new Error(`${args.path} exported no routeAddresses`);
      return { contents: `export const routeAddresses = ${JSON.stringify(routeAddresses)};\n`, loader: 'js' };
    });
  },
};
