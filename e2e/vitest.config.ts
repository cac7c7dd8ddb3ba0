import { defineConfig } from 'vitest/config';

/** Browser journeys against the built app: one server and one browser at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
