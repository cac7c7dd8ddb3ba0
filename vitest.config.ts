import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests use the contracts' TypeScript source directly: no build step between edits and tests.
    alias: {
      '@parmeta/contracts': path.resolve(import.meta.dirname, 'packages/contracts/src/index.ts'),
      '@': path.resolve(import.meta.dirname, 'apps/web/src'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
