import { defineConfig } from 'vitest/config';

/** Browser journeys against the built app: one server and one browser at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    // A guard against a hung journey, not a speed check: the longest journeys take 25-35 s on a
    // quiet machine and over a minute when the two cores are shared.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
