import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiAddresses } from './build/api-addresses';

const here = import.meta.dirname;
// During `vite` / `vite preview` the API runs separately (npm run serve -w apps/api).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/demo': apiTarget };

/**
 * The web app's TypeScript modules only declare things: a module none of whose exports is used
 * can be dropped whole. Without this, importing a feature's index for its page loaders would also
 * run (and ship in the first load) every API hook it re-exports, and zod with them. CSS files keep
 * their side effects. (The contracts say the same in their package.json "sideEffects".)
 */
const SIDE_EFFECT_FREE = /\/apps\/web\/src\/.*\.tsx?$/;

/**
 * Chunks for the pages, by layer rather than by which pages share a module: left to itself the
 * bundler cuts ~110 chunks, and a page needed 20 to 40 of them, each a request (six at a time
 * over HTTP/1.1). Grouped, a page needs its own chunk and a handful of shared ones.
 * The shared modules of the first load stay out of these groups (FIRST_LOAD): a group that
 * held one would join the first load whole. The web bench's initial-JS check catches that.
 */
const FIRST_LOAD = /[\\/]src[\\/](lib[\\/](session-store|storage|page-title)\.ts|components[\\/]ui[\\/](button|icons|logo|index)\.)/;
const SCHEMAS = /[\\/]packages[\\/]contracts[\\/]src[\\/].*(\.contract|\.schemas|countries|pagination|user-id|routes|route-table|money-schema|zod)\.ts$/;
const chunkGroups = [
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$/ },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  // The API client: what the session check needs, small so the route table comes in quickly.
  { name: 'api', test: /[\\/]src[\\/]lib[\\/](api-client|api-routes|call-api)\.ts$|[\\/]packages[\\/]contracts[\\/]src[\\/](common[\\/](money|errors|envelope)|client[\\/]client)\.ts$|virtual:api-addresses/ },
  // The session check and renewal, which the route table's guard runs.
  { name: 'session', test: /[\\/]src[\\/]features[\\/]auth[\\/](api[\\/](session|refresh-session|sign-out)\.ts$|model[\\/]|index\.ts$)/ },
  // Shared components and helpers.
  { name: 'ui', test: (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]/.test(id) && !FIRST_LOAD.test(id) && !id.includes('card-source-fields') },
  // The contract schemas: those of the shop and the market (which parse their filters from the
  // address), then the rest, for the forms and the route table.
  { name: 'schemas', test: /[\\/]packages[\\/]contracts[\\/]src[\\/]((shop|market|wallet)[\\/]\w+\.contract|auth[\\/]auth\.schemas|account[\\/]profile\.schemas|common[\\/](countries|pagination|user-id|money-schema)|routes|zod)\.ts$/ },
  { name: 'contracts', test: SCHEMAS },
];

export default defineConfig({
  plugins: [react(), apiAddresses(path.resolve(here, '../../packages/contracts/src/route-table.ts'))],
  resolve: {
    alias: [
      // The contracts are consumed as TypeScript source: no build step between an edit and the web app.
      { find: '@parmeta/contracts', replacement: path.resolve(here, '../../packages/contracts/src/index.ts') },
      { find: /^@\//, replacement: `${path.resolve(here, 'src')}/` },
      // React Router's package exports only its development build (with its dev warnings, ~0.5 kB
      // gzip); the production build sits beside it. The version is pinned (~7.18), and so is this path.
      { find: /^react-router$/, replacement: path.resolve(here, '../../node_modules/react-router/dist/production/index.mjs') },
    ],
  },
  build: {
    target: 'es2022',
    // Every browser we target supports <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // See SIDE_EFFECT_FREE: keeps API hooks and zod out of the first load (~50 KB gzip).
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      // See chunkGroups. Only what a test names goes in a group (not what it imports): the
      // first load's shared modules would otherwise be pulled in.
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups } },
    },
  },
  server: { proxy },
  preview: { proxy },
});
