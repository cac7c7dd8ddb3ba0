import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiAddresses } from './build/api-addresses.ts';
import { noChunkCycles } from './build/chunk-cycles.ts';
import { earlyStart } from './build/early-start.ts';
import { siteIcon } from './build/site-icon.ts';

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
const FIRST_LOAD = /[\\/]src[\\/](lib[\\/](session-store|session-keys|storage|page-title|page-heads|route-path)\.ts|components[\\/]ui[\\/](button|button-classes|icons|link|logo|index|page-header|back-link)\.)/;
const FORMS = /[\\/]src[\\/](components[\\/]ui[\\/](combobox|card-fields|payment-choice|card-draft|password-field|textarea-field|switch|data-table|order-totals|admin-icons|admin-icon-shapes|progress)|lib[\\/](post-form|form-errors))\./;
const SCHEMAS = /[\\/]packages[\\/]contracts[\\/]src[\\/].*(\.contract|\.schemas|countries|pagination|user-id|routes|route-table|money-schema|zod)\.ts$/;
// The numeric-field preprocessor the schemas build with: in contracts-core, which it imports too.
const NUMBER_INPUT = /[\\/]packages[\\/]contracts[\\/]src[\\/]common[\\/]number-input\.ts$/;
const ADDRESS_LINES = /[\\/]src[\\/](components[\\/]ui[\\/]shipping-address\.tsx|lib[\\/]shipping-lines\.ts)$/;
const chunkGroups = [
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  // React and React Router in one file: React Router 8 ships as several modules, which the
  // bundler otherwise cut into three more first-load chunks that compress worse apart
  // (92.2 kB in 6 files; together 90.0 kB in 4, as with React Router 7). With them, the few
  // constants the first load shares with later chunks, which were a 0.9 kB chunk of their own
  // (one request more for every page, decision 0073).
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|react|react-dom|scheduler)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](constants|common[\\/]numeric-text|account[\\/](address|profile)-limits|payments[\\/]sandbox-cards)\.ts$/ },
  // The country names (~2.5 kB gzip), apart from their schema: the address forms list them
  // as the page loads and check them only when used (decision 0074).
  { name: 'countries', test: /[\\/]packages[\\/]contracts[\\/]src[\\/]common[\\/]country-list\.ts$/ },
  // What the route table's guard and the user-detail sync need, in one file: the API client, the
  // session check and renewal (with what the early script hands over), the user detail, and the
  // cart sync that runs beside it (in a chunk of its own it would import this one and be imported
  // by it: a cycle the browser never finished loading).
  {
    name: 'session',
    test: /[\\/]src[\\/](app[\\/]session-sync\.tsx$|features[\\/]cart[\\/](api[\\/](use-cart-sync|cart-sync|server-cart)|model[\\/]cart-changes)\.ts$|boot[\\/]handoff\.ts$|lib[\\/](api-client|api-routes|call-api)\.ts$|features[\\/]auth[\\/](api[\\/](session|refresh-session|sign-out|get-user-detail)\.ts$|model[\\/](decide-session|session-tokens|safe-next)\.ts$|index\.ts$))|[\\/]packages[\\/]contracts[\\/]src[\\/](common[\\/](money|errors|envelope)|client[\\/]client)\.ts$|virtual:api-addresses/,
  },
  // The components and helpers of forms and tables (account, checkout, wallet, admin): not for
  // the pages that only browse (home, shop, product, cart).
  { name: 'forms', test: FORMS },
  // Shared components and helpers, and TanStack Query, which every page with server data uses.
  // Not the postal address layout (ADDRESS_LINES): its per-country formats (~6 kB gzip) are for
  // the pages that show an address, which load it beside their own chunk.
  {
    name: 'ui',
    test: (id: string) =>
      /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id) ||
      (/[\\/]apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]/.test(id) && !FIRST_LOAD.test(id) && !FORMS.test(id) && !ADDRESS_LINES.test(id) && !id.includes('card-source-fields')),
  },
  // The shop's small shared modules (filters in the address, cache keys, cart and review limits)
  // and the badges every product card and page shows (rating, heart, back-in-stock request):
  // for the shop, product, cart and checkout pages. Apart, the badges were four more requests
  // before a product could show (decision 0073).
  { name: 'shop', test: /[\\/]src[\\/]features[\\/]shop[\\/](api|model)[\\/]|[\\/]src[\\/]features[\\/](reviews[\\/]components[\\/]rating-badge|wishlist[\\/]components[\\/](wish-button|back-in-stock))\.|[\\/]packages[\\/]contracts[\\/]src[\\/](shop[\\/]shop|reviews[\\/]review)-limits\.ts$/ },
  // The contract schemas, one chunk per domain folder (contracts-auth, contracts-shop, ...), the
  // shared ones (common, the route definitions, zod's setup) in contracts-core: zod builds every
  // schema of a chunk as it loads (~80 ms on this machine for all of them, four times that on
  // a phone), so a page builds those of its own domain and what they import, not all of them.
  // Chunks of schemas must not import each other (build/chunk-cycles.ts fails the build).
  {
    name: (id: string) => {
      if (!SCHEMAS.test(id) && !NUMBER_INPUT.test(id)) return null;
      // The table of every route imports every domain: apart, so that no domain's chunk and the core import each other.
      if (/route-table\.ts$/.test(id)) return 'contracts-routes';
      const folder = /[\\/]packages[\\/]contracts[\\/]src[\\/](\w+)[\\/]/.exec(id)?.[1];
      if (!folder || folder === 'common') return 'contracts-core';
      // Sign-in, its second factors and the users' own records import each other's schemas:
      // one chunk, or two chunks would each wait for the other to run first.
      return ['security', 'users'].includes(folder) ? 'contracts-auth' : `contracts-${folder}`;
    },
    debugName: 'contracts',
    test: (id: string) => SCHEMAS.test(id) || NUMBER_INPUT.test(id),
  },
];

const alias = [
  // Its "browser" field names a UMD build, which would bring CommonJS interop helpers into a
  // chunk of their own on the first load; the package's ES module build needs none.
  { find: /^localized-address-format$/, replacement: path.resolve(here, '../../node_modules/localized-address-format/dist/index.esm.js') },
  // The contracts are consumed as TypeScript source: no build step between an edit and the web app.
  { find: '@parmeta/contracts', replacement: path.resolve(here, '../../packages/contracts/src/index.ts') },
  { find: /^@\//, replacement: `${path.resolve(here, 'src')}/` },
];

/**
 * The early scripts (src/boot, build/early-start.ts): which modules the second one preloads. The
 * route table for any address but the home page; for the pages of src/boot/page-plans.ts, the
 * modules their routes load (src/app/routes.tsx): the data layout route, then the page.
 */
const earlyPreloads = {
  routes: ['src/app/routes.tsx'],
  pages: {
    shop: ['src/lib/query-outlet.tsx', 'src/features/shop/pages/shop-page.tsx'],
    product: ['src/lib/query-outlet.tsx', 'src/features/shop/pages/product-page.tsx'],
    market: ['src/lib/query-outlet.tsx', 'src/features/market/pages/market-page.tsx'],
    myNfts: ['src/lib/query-outlet.tsx', 'src/features/market/pages/my-nfts-page.tsx'],
    // Member pages without a data plan: their modules only (page-plans.ts, MODULE_PAGES).
    cart: ['src/lib/query-outlet.tsx', 'src/features/cart/pages/cart-page.tsx'],
    orders: ['src/lib/query-outlet.tsx', 'src/features/orders/pages/orders-page.tsx'],
    wallet: ['src/lib/query-outlet.tsx', 'src/features/wallet/pages/wallet-page.tsx'],
    profile: ['src/lib/query-outlet.tsx', 'src/features/account/pages/profile-page.tsx'],
    addresses: ['src/lib/query-outlet.tsx', 'src/features/account/pages/addresses-page.tsx'],
    cards: ['src/lib/query-outlet.tsx', 'src/features/account/pages/cards-page.tsx'],
    account: ['src/lib/query-outlet.tsx', 'src/features/account/pages/account-settings-page.tsx'],
    security: ['src/lib/query-outlet.tsx', 'src/features/security/pages/security-page.tsx'],
    // The shipping form too: it loads beside the page, not after it (decision 0074).
    checkout: ['src/lib/query-outlet.tsx', 'src/features/checkout/pages/checkout-page.tsx', 'src/features/checkout/components/shipping-step.tsx'],
    wishlist: ['src/lib/query-outlet.tsx', 'src/features/wishlist/pages/wishlist-page.tsx'],
    nft: ['src/lib/query-outlet.tsx', 'src/features/market/pages/nft-page.tsx'],
  },
};

export default defineConfig({
  plugins: [
    react(),
    // The header frame's mark at the header logo's size (components/ui/logo.tsx).
    siteIcon(path.resolve(here, 'public/favicon.svg'), 32),
    apiAddresses(path.resolve(here, '../../packages/contracts/src/route-table.ts')),
    noChunkCycles((name) => name.startsWith('contracts-')),
    earlyStart({
      loaderEntry: path.resolve(here, 'src/boot/loader-main.ts'),
      pageEntry: path.resolve(here, 'src/boot/page-main.ts'),
      shellEntry: path.resolve(here, 'src/boot/shell-main.ts'),
      headEntry: path.resolve(here, 'src/boot/head-main.ts'),
      adminHeadEntry: path.resolve(here, 'src/boot/admin-head-main.ts'),
      listHeadEntry: path.resolve(here, 'src/boot/list-head-main.ts'),
      homeHeadEntry: path.resolve(here, 'src/boot/home-head-main.ts'),
      startEntry: path.resolve(here, 'src/boot/app-start-main.ts'),
      alias,
      preloads: earlyPreloads,
    }),
  ],
  resolve: { alias },
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
