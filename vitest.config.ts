import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { apiAddresses } from './apps/web/build/api-addresses.ts';

export default defineConfig({
  // The web app's schema-free route table (virtual:api-addresses), as in its Vite build.
  plugins: [apiAddresses(path.resolve(import.meta.dirname, 'packages/contracts/src/route-table.ts'))],
  resolve: {
    // Tests use the contracts' TypeScript source directly: no build step between edits and tests.
    alias: [
      // A module of its own (`@parmeta/contracts/common/money`), as the server imports them (docs/decisions/0087).
      { find: /^@parmeta\/contracts\/(.+)$/, replacement: path.resolve(import.meta.dirname, 'packages/contracts/src/$1.ts') },
      { find: /^@parmeta\/contracts$/, replacement: path.resolve(import.meta.dirname, 'packages/contracts/src/index.ts') },
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'apps/web/src')}/` },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'deploy/**/*.test.ts', 'scripts/**/*.test.mjs', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
